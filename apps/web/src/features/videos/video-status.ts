import type { Video, VideoStatus } from '@flick/contract';

/** viewer.md §4: every status has its own badge, in words a creator reads without a glossary. */
export const statusLabels: Record<VideoStatus, string> = {
  uploaded: 'Uploaded',
  preprocess: 'Preparing',
  processing: 'Processing',
  approved: 'Published',
  rejected: 'Rejected',
  deleting: 'Deleting',
  error: 'Failed',
};

/** What each status means for the creator, shown when they open a video that cannot play yet. */
export const statusExplanations: Record<VideoStatus, string> = {
  uploaded: 'Your video is uploaded and waiting its turn to be processed.',
  preprocess: 'We are checking your video and getting it ready for processing.',
  processing: 'We are converting your video for smooth playback on every phone. This usually takes a minute or two.',
  approved: 'Your video is live.',
  rejected: 'A moderator did not approve this video.',
  deleting: 'This video is being deleted.',
  error: 'Something went wrong while processing this video. Try uploading it again.',
};

/**
 * Processing, with a reason the server gave: held (a fingerprint match, co-performers' consent) or waiting
 * for a moderator. The badge and the explanation say so, and the reason is shown, not the player.
 */
export const isInReview = (video: Pick<Video, 'status'> & { statusReason?: string | null }) => video.status === 'processing' && Boolean(video.statusReason);

export const IN_REVIEW_LABEL = 'In review';
/** Neutral: the hold may be a moderator's, the co-performers' or the uploader's own declaration; the reason says which. */
export const IN_REVIEW_EXPLANATION = 'This video is not published yet. The reason below says what it waits for.';

/** What a video's status means for its creator, in review included. */
export const statusExplanation = (video: Pick<Video, 'status' | 'statusReason'>) => (isInReview(video) ? IN_REVIEW_EXPLANATION : statusExplanations[video.status]);

const inProgress: ReadonlySet<VideoStatus> = new Set(['uploaded', 'preprocess', 'processing']);

/** Still on its way to playable: the list keeps asking for news. */
export const isInProgress = (status: VideoStatus) => inProgress.has(status);

/** Approved, or still processing with the part encoded so far already playable (the creator's preview). */
export const canPlay = (video: Pick<Video, 'status' | 'playlistUrl'>) => video.status === 'approved' || (video.status === 'processing' && video.playlistUrl !== null);

/** Approved, with a publish date still ahead (accounts.md §5 "Schedule"). */
export function isScheduled(video: Pick<Video, 'status' | 'uploadDate'>, now: number): boolean {
  return video.status === 'approved' && Date.parse(video.uploadDate) > now;
}

// Made on first use: building a DateTimeFormat loads locale data, about 60 ms of a phone's main
// thread, and every grid screen imports this module while it starts (ADR 0026).
let shortDate: Intl.DateTimeFormat | undefined;
let fullDate: Intl.DateTimeFormat | undefined;

export const formatScheduledDate = (iso: string) => (shortDate ??= new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' })).format(new Date(iso));
export const formatPublishMoment = (iso: string) => (fullDate ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso));

export type BadgeTone = VideoStatus | 'scheduled';

/**
 * The badge on a tile (viewer.md §4: every status has its own, "Published" included): "Scheduled {date}"
 * for a video not out yet, "In review" for one held.
 */
export function videoBadge(video: Pick<Video, 'status' | 'uploadDate'> & { statusReason?: string | null }, now: number): { tone: BadgeTone; label: string } {
  if (isScheduled(video, now)) return { tone: 'scheduled', label: `Scheduled ${formatScheduledDate(video.uploadDate)}` };
  if (isInReview(video)) return { tone: 'processing', label: IN_REVIEW_LABEL };
  return { tone: video.status, label: statusLabels[video.status] };
}

/** A video sent before its details has no title yet. */
export const videoTitle = (video: Pick<Video, 'title'>) => video.title.trim() || 'Untitled video';
