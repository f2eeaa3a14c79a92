import type { MediaSigner } from '../../lib/media-signing.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { MediaState } from './media-access.ts';

/** Builds the addresses of one video's files (`stream/master.m3u8`, `first-frame.jpg`, ...). */
export type VideoAddresses = Pick<MediaStorage, 'url'>;

/**
 * Who a video is being shown to, once the caller has decided they may see it: its creator (or a studio
 * manager acting for them), an admin, or a viewer at a place where it is visible (feeds, profile,
 * video page: a geo-blocked creator's videos are shown only where they are not blocked).
 */
export type MediaAudience = 'viewer' | 'owner' | 'admin';

/**
 * The one place that decides, per video, whether the API hands out public or signed addresses (ADR 0027):
 * public while the video is published for everyone (media-access MEDIA_PUBLIC_SQL), signed otherwise —
 * except that a quarantined video (an open 'hash-list' hold) is signed for admins only; anyone else, its
 * creator included, is given no address at all (`null`: shown as a video whose files are not in yet),
 * since none would serve.
 */
export function mediaUrls(media: Pick<MediaStorage, 'url' | 'signedUrl'>, signer: Pick<MediaSigner, 'videoFolder'>) {
  const signed: VideoAddresses = { url: (videoId, file) => media.signedUrl(signer.videoFolder(videoId), file) };
  const publicAddresses: VideoAddresses = { url: (videoId, file) => media.url(videoId, file) };
  return {
    publicAddresses,
    signed,
    of(state: MediaState, audience: MediaAudience): VideoAddresses | null {
      if (state.mediaPublic) return publicAddresses;
      if (state.quarantined && audience !== 'admin') return null;
      return signed;
    },
  };
}

export type MediaUrls = ReturnType<typeof mediaUrls>;
