import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { diskStore, s3Client, s3Store, type ObjectStore, type S3Settings } from './object-store.ts';

export interface StorageSettings {
  dataDir: string;
  mediaBaseUrl?: string;
  /** Set: media and private files live in buckets (docs/decisions/0017); unset: under DATA_DIR. */
  s3?: Omit<S3Settings, 'bucket'> & { bucket: string; privateBucket: string };
}

/**
 * How long a copy may be kept, by kind of file. Segments never change once written, nor do profile
 * images named by their content hash (users/{id}/avatar-{hash}-{width}.webp). A finished ladder's
 * playlists are final, so a day; a growing one (still encoding) is revalidated every time. A video's
 * stills may be replaced by a re-run.
 */
export function mediaCacheControl(key: string, growing = false): string {
  if (key.endsWith('.ts') || /-[0-9a-f]{16}-\d+\.webp$/.test(key)) return 'public, max-age=31536000, immutable';
  if (key.endsWith('.m3u8')) return growing ? 'public, no-cache' : 'public, max-age=86400';
  return 'public, max-age=60';
}

/** Playlists last, the master playlist very last: a reader who finds it finds everything it names. */
function publicationOrder(keys: string[]): string[] {
  const rank = (key: string) => (key.endsWith('/master.m3u8') ? 2 : key.endsWith('.m3u8') ? 1 : 0);
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Public media (HLS ladders, stills, profile images, site icons, ad creatives) and the private files
 * (originals, identity documents). On disk, public media lives under DATA_DIR/media and is served at
 * /media; in S3 it lives under `media/` in the bucket, which MEDIA_BASE_URL serves (a CDN in front of it),
 * at the same paths. Private files live under DATA_DIR/private, or `private/` in the private bucket.
 * Work in progress (a transcode, an upload) is always on local disk under DATA_DIR.
 */
export function mediaStorage(options: StorageSettings) {
  const root = path.join(options.dataDir, 'media');
  const uploads = path.join(options.dataDir, 'uploads');
  const work = path.join(options.dataDir, 'work');
  const base = (options.mediaBaseUrl ?? '').replace(/\/$/, '');
  const s3 = options.s3;
  const client = s3 ? s3Client(s3) : undefined;
  const publicStore: ObjectStore = client && s3 ? s3Store(client, s3.bucket, 'media/') : diskStore(root);
  const privateStore: ObjectStore = client && s3 ? s3Store(client, s3.privateBucket, 'private/') : diskStore(path.join(options.dataDir, 'private'));
  const remote = publicStore.kind === 's3';
  const originalObject = (key: string) => `originals/${path.basename(key)}`;
  const streamKey = (videoId: number) => `videos/${videoId}/stream`;

  /** Uploads every file under `dir` as `prefix/<relative path>`, in publication order, and answers the keys; on failure removes what it put. */
  async function uploadFolder(dir: string, prefix: string) {
    const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    const put: string[] = [];
    try {
      for (const file of publicationOrder(files)) {
        const key = `${prefix}/${file}`;
        await publicStore.put(key, { file: path.join(dir, file) }, { cacheControl: mediaCacheControl(key) });
        put.push(key);
      }
      return put;
    } catch (error) {
      await publicStore.remove(put).catch(() => undefined);
      throw error;
    }
  }

  return {
    /** True when media lives in a bucket: nothing under `root` is served then. */
    remote,
    root,
    uploads,
    public: publicStore,
    private: privateStore,
    /** A fresh local folder for work in progress; the caller removes it. */
    async workFolder(kind: string) {
      const dir = path.join(work, kind, randomUUID());
      await fs.mkdir(dir, { recursive: true });
      return dir;
    },
    /**
     * Where the transcoder writes a video's ladder and stills: on disk the served folder itself (it swaps
     * folders by rename, and can be watched while it encodes); with S3 a local folder that
     * `publishStream` then uploads.
     */
    streamDir: (videoId: number) => (remote ? path.join(work, 'videos', String(videoId), 'stream') : path.join(root, ...streamKey(videoId).split('/'))),
    /** Whether a stream can be watched while it encodes: only where the folder being written is served. */
    servesGrowingStreams: !remote,
    /**
     * Makes the transcoded folder public. On disk it already is; with S3 its files are uploaded (master
     * playlist last, so nothing half-published is reachable from it) and the local copy goes. The
     * objects of an earlier run under the same key that the new one did not write are removed after.
     */
    async publishStream(videoId: number) {
      if (!remote) return;
      const dir = this.streamDir(videoId);
      const prefix = streamKey(videoId);
      const before = await publicStore.list(`${prefix}/`);
      const written = new Set(await uploadFolder(dir, prefix));
      await publicStore.remove(before.filter((key) => !written.has(key)));
      await fs.rm(path.join(work, 'videos', String(videoId)), { recursive: true, force: true });
    },
    /**
     * Runs `use` on a folder holding the named files of a published stream (those that exist), and
     * publishes whatever new files it wrote there. On disk that is the served folder itself.
     */
    async withStreamFiles<T>(videoId: number, names: string[], use: (dir: string) => Promise<T>): Promise<T> {
      if (!remote) return use(this.streamDir(videoId));
      const dir = await this.workFolder('streams');
      try {
        await Promise.all(names.map((name) => publicStore.download(`${streamKey(videoId)}/${name}`, path.join(dir, name))));
        const result = await use(dir);
        for (const name of await fs.readdir(dir)) {
          if (names.includes(name)) continue;
          const key = `${streamKey(videoId)}/${name}`;
          await publicStore.put(key, { file: path.join(dir, name) }, { cacheControl: mediaCacheControl(key) });
        }
        return result;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    /** Stores a public file (moved: the local file is gone afterwards) under `key`, e.g. `videos/3/first-frame.jpg`. */
    async publishFile(key: string, file: string) {
      try {
        await publicStore.put(key, { file }, { cacheControl: mediaCacheControl(key) });
      } finally {
        await fs.rm(file, { force: true });
      }
    },
    async publishData(key: string, data: Buffer) {
      await publicStore.put(key, { data }, { cacheControl: mediaCacheControl(key) });
    },
    /** Originals are stored by key (`<videoId><ext>`), so DATA_DIR can move. */
    originalKey: (videoId: number, extension: string) => `${videoId}${extension}`,
    /** Keeps an uploaded original privately (the local file is moved or uploaded, and gone afterwards). */
    async storeOriginal(key: string, file: string) {
      if (!remote) {
        const target = privateStore.locate(originalObject(key));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(file, target);
        return;
      }
      try {
        await privateStore.put(originalObject(key), { file }, { contentType: 'application/octet-stream' });
      } finally {
        await fs.rm(file, { force: true });
      }
    },
    /** Runs `use` with a local path to the original: the file itself on disk, a downloaded copy with S3. */
    async withOriginal<T>(key: string, use: (file: string) => Promise<T>): Promise<T> {
      if (!remote) return use(privateStore.locate(originalObject(key)));
      const dir = await this.workFolder('originals');
      try {
        const file = path.join(dir, path.basename(key));
        if (!(await privateStore.download(originalObject(key), file))) throw new Error(`original ${key} is not in storage`);
        return await use(file);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    url: (videoId: number, file: string) => `${base}/media/videos/${videoId}/${file}`,
    /** The public URL of any key of the public store. */
    urlOf: (key: string) => `${base}/media/${key}`,
    siteIconUrl: (file: string) => `${base}/media/sites/${file}`,
    adUrl: (file: string) => `${base}/media/ads/${file}`,
    async prepare() {
      await Promise.all([uploads, work, ...(remote ? [] : [root, privateStore.locate('originals')])].map((dir) => fs.mkdir(dir, { recursive: true })));
    },
    async removeVideo(videoId: number, originalKey: string | null) {
      await publicStore.removePrefix(`videos/${videoId}/`);
      await fs.rm(path.join(work, 'videos', String(videoId)), { recursive: true, force: true });
      if (originalKey) await privateStore.remove([originalObject(originalKey)]);
    },
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;
