import type { Video } from '@flick/contract';
import { startFiles, thumbnailSizes } from '@flick/media';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { VideoRow } from './videos.repository.ts';

/** The columns a video's API shape needs; feeds read just these. */
export type VideoViewRow = Pick<
  VideoRow,
  | 'id'
  | 'slug'
  | 'userId'
  | 'title'
  | 'processedAt'
  | 'stillsVersion'
  | 'playableAt'
  | 'duration'
  | 'width'
  | 'height'
  | 'viewCount'
  | 'likeCount'
  | 'isVertical'
  | 'isNsfw'
  | 'status'
  | 'statusReason'
  | 'uploadDate'
  | 'createdAt'
>;

export interface VideoOwner {
  id: number;
  slug: string | null;
  name: string;
  avatar: string | null;
}

/**
 * A video as the API shows it (viewer.md §3); media URLs exist only once their files do. The playlist
 * may be there before processing ends (it grows while encoding), for the creator's own list. Without
 * `media` (a quarantined video, shown to anyone but an admin: media-urls.ts) it has no address at all,
 * as one whose files are not in yet.
 */
export function toVideo(
  row: VideoViewRow,
  owner: VideoOwner,
  tags: { id: number; name: string; slug: string }[],
  media: Pick<MediaStorage, 'url'> | null,
  viewer: { isLiked?: boolean; isRated?: boolean } = {},
): Video {
  const processed = media !== null && row.processedAt !== null;
  const display = { displayWidth: row.width, displayHeight: row.height };
  return {
    id: row.id,
    slug: row.slug || String(row.id),
    userId: row.userId,
    user: owner,
    title: row.title,
    thumbnailUrl: processed ? media.url(row.id, 'stream/thumbnail.jpg') : null,
    // Only the files this video's folder has: one processed before the small copy lists just the thumbnail.
    thumbnailSources: processed
      ? thumbnailSizes(display, row.stillsVersion).map(({ name, width, height }) => ({ url: media.url(row.id, `stream/${name}`), width, height }))
      : [],
    firstFrameUrl: media && media.url(row.id, processed ? 'stream/first-frame.jpg' : 'first-frame.jpg'),
    playlistUrl: media && (processed || row.playableAt !== null) ? media.url(row.id, 'stream/master.m3u8') : null,
    preloadUrls: processed ? startFiles(display).map((file) => media.url(row.id, `stream/${file}`)) : [],
    duration: Math.round(row.duration * 100) / 100,
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    isLiked: viewer.isLiked ?? false,
    isRated: viewer.isRated ?? false,
    isVertical: row.isVertical,
    isNsfw: row.isNsfw,
    status: row.status,
    statusReason: row.statusReason,
    tags,
    uploadDate: row.uploadDate.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
