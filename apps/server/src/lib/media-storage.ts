import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Public media under DATA_DIR/media, served at /media (or MEDIA_BASE_URL when a CDN serves the same
 * tree), and originals kept privately under DATA_DIR/private/originals.
 */
export function mediaStorage(options: { dataDir: string; mediaBaseUrl?: string }) {
  const root = path.join(options.dataDir, 'media');
  const originals = path.join(options.dataDir, 'private', 'originals');
  const uploads = path.join(options.dataDir, 'uploads');
  const base = (options.mediaBaseUrl ?? '').replace(/\/$/, '');

  return {
    root,
    uploads,
    videoDir: (videoId: number) => path.join(root, 'videos', String(videoId)),
    /** Where the transcoder publishes the ladder, thumbnail and first frame. */
    streamDir: (videoId: number) => path.join(root, 'videos', String(videoId), 'stream'),
    /** Originals are stored by key (`<videoId><ext>`), so DATA_DIR can move. */
    originalKey: (videoId: number, extension: string) => `${videoId}${extension}`,
    originalPath: (key: string) => path.join(originals, path.basename(key)),
    url: (videoId: number, file: string) => `${base}/media/videos/${videoId}/${file}`,
    /** Webcam site icons (admin-made copies, never hot-linked). */
    sitesDir: path.join(root, 'sites'),
    siteIconUrl: (file: string) => `${base}/media/sites/${file}`,
    /** Ad creatives: pictures and videos we made from the advertiser's files, named by content. */
    adsDir: path.join(root, 'ads'),
    adUrl: (file: string) => `${base}/media/ads/${file}`,
    async prepare() {
      await Promise.all([root, originals, uploads].map((dir) => fs.mkdir(dir, { recursive: true })));
    },
    async removeVideo(videoId: number, originalKey: string | null) {
      await fs.rm(path.join(root, 'videos', String(videoId)), { recursive: true, force: true });
      if (originalKey) await fs.rm(path.join(originals, path.basename(originalKey)), { force: true });
    },
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;
