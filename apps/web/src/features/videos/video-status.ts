import type { Video, VideoStatus } from '@flick/contract';
import { msg } from '@flick/i18n';
import { t } from '../../lib/i18n.ts';
import { formatDate } from '../../lib/format.ts';

/** viewer.md §4: every status has its own badge, in words a creator reads without a glossary. */
export const statusLabels: Record<VideoStatus, string> = {
  uploaded: msg('Uploaded'),
  preprocess: msg('Preparing'),
  processing: msg('Processing'),
  approved: msg('Published'),
  rejected: msg('Rejected'),
  deleting: msg('Deleting'),
  error: msg('Failed'),
};

/** What each status means for the creator, shown when they open a video that cannot play yet. */
export const statusExplanations: Record<VideoStatus, string> = {
  uploaded: msg('Your video is uploaded and waiting its turn to be processed.'),
  preprocess: msg('We are checking your video and getting it ready for processing.'),
  processing: msg('We are converting your video for smooth playback on every phone. This usually takes a minute or two.'),
  approved: msg('Your video is live.'),
  rejected: msg('A moderator did not approve this video.'),
  deleting: msg('This video is being deleted.'),
  error: msg('Something went wrong while processing this video. Try uploading it again.'),
};

/**
 * Processing, with a reason the server gave: held (a fingerprint match, co-performers' consent) or waiting
 * for a moderator. The badge and the explanation say so, and the reason is shown, not the player.
 */
export const isInReview = (video: Pick<Video, 'status'> & { statusReason?: string | null }) => video.status === 'processing' && Boolean(video.statusReason);

export const IN_REVIEW_LABEL = msg('In review');
/** Neutral: the hold may be a moderator's, the co-performers' or the uploader's own declaration; the reason says which. */
export const IN_REVIEW_EXPLANATION = msg('This video is not published yet. The reason below says what it waits for.');

/** What a video's status means for its creator, in review included (translated: call it at render time). */
export const statusExplanation = (video: Pick<Video, 'status' | 'statusReason'>) => t(isInReview(video) ? IN_REVIEW_EXPLANATION : statusExplanations[video.status]);

const inProgress: ReadonlySet<VideoStatus> = new Set(['uploaded', 'preprocess', 'processing']);

/** Still on its way to playable: the list keeps asking for news. */
export const isInProgress = (status: VideoStatus) => inProgress.has(status);

/** Approved, or still processing with the part encoded so far already playable (the creator's preview). */
export const canPlay = (video: Pick<Video, 'status' | 'playlistUrl'>) => video.status === 'approved' || (video.status === 'processing' && video.playlistUrl !== null);

/** Approved, with a publish date still ahead (accounts.md §5 "Schedule"). */
export function isScheduled(video: Pick<Video, 'status' | 'uploadDate'>, now: number): boolean {
  return video.status === 'approved' && Date.parse(video.uploadDate) > now;
}

// Formatted when shown, never at import: building a DateTimeFormat loads locale data, about 60 ms of a
// phone's main thread, and every grid screen imports this module while it starts (ADR 0026).
export const formatScheduledDate = (iso: string) => formatDate(iso, { month: 'short', day: 'numeric' });
export const formatPublishMoment = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

export type BadgeTone = VideoStatus | 'scheduled';

/**
 * The badge on a tile (viewer.md §4: every status has its own, "Published" included): "Scheduled {date}"
 * for a video not out yet, "In review" for one held. Translated: call it at render time.
 */
export function videoBadge(video: Pick<Video, 'status' | 'uploadDate'> & { statusReason?: string | null }, now: number): { tone: BadgeTone; label: string } {
  if (isScheduled(video, now)) return { tone: 'scheduled', label: t('Scheduled {date}', { date: formatScheduledDate(video.uploadDate) }) };
  if (isInReview(video)) return { tone: 'processing', label: t(IN_REVIEW_LABEL) };
  return { tone: video.status, label: t(statusLabels[video.status]) };
}

/** A video sent before its details has no title yet. */
export const videoTitle = (video: Pick<Video, 'title'>) => video.title.trim() || t('Untitled video');
