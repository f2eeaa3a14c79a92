import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { diskStore, s3Client, s3Store, type ObjectStore, type S3Settings } from './object-store.ts';

export interface StorageSettings {
  dataDir: string;
  mediaBaseUrl?: string;
  /** Set: media and private files live in buckets (docs/decisions/0017); unset: under DATA_DIR. */
  s3?: Omit<S3Settings, 'bucket'> & { bucket: string; privateBucket: string };
}

/** The longest a browser keeps a video's file; a shared cache (a CDN) keeps it at most a day, unless purged. */
export const MEDIA_BROWSER_SECONDS = 3600;
export const MEDIA_SHARED_SECONDS = 86_400;

/**
 * How long a copy may be kept, by kind of file (ADR 0027): the one rule for our file server and the
 * bucket's objects alike. A video's files may be withdrawn by a decision at any time, so none is kept for
 * long: segments and a finished ladder's playlists an hour in a browser and a day in a shared cache (which
 * is purged on every decision anyway), a growing playlist (still encoding) is revalidated every time, and
 * stills (which a re-run may replace) a minute. Profile images named by their content hash
 * (users/{id}/avatar-{hash}-{width}.webp) never change.
 */
export function mediaCacheControl(key: string, growing = false): string {
  if (/-[0-9a-f]{16}-\d+\.webp$/.test(key)) return 'public, max-age=31536000, immutable';
  if (key.endsWith('.m3u8') && growing) return 'public, no-cache';
  if (key.endsWith('.ts') || key.endsWith('.m4s') || key.endsWith('.m3u8')) return `public, max-age=${MEDIA_BROWSER_SECONDS}, s-maxage=${MEDIA_SHARED_SECONDS}`;
  return 'public, max-age=60';
}

/** Where, in the private bucket, the objects of a video that may not be public wait (ADR 0027). */
export const WITHHELD_PREFIX = 'withheld/';

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
  // A bucket cannot ask us who may read it: a video that may not be public keeps its objects here instead.
  const withheldStore: ObjectStore | undefined = client && s3 ? s3Store(client, s3.privateBucket, WITHHELD_PREFIX) : undefined;
  const remote = publicStore.kind === 's3';
  const originalObject = (key: string) => `originals/${path.basename(key)}`;
  const streamKey = (videoId: number) => `videos/${videoId}/stream`;

  const videoPrefix = (videoId: number) => `videos/${videoId}/`;

  /**
   * The store a video's files are in, and new ones go to: on disk always the served tree (the server
   * gates it); with S3 the public bucket only while the video's files are there, so a new upload (a draft,
   * never public yet) is written withheld and moved out once published (placeVideo).
   */
  async function storeOf(videoId: number): Promise<ObjectStore> {
    if (!withheldStore) return publicStore;
    return (await publicStore.list(videoPrefix(videoId))).length > 0 ? publicStore : withheldStore;
  }

  /** Copies every object of a video from one store to the other (master playlist last), then removes the originals. */
  async function moveVideo(videoId: number, from: ObjectStore, to: ObjectStore): Promise<number> {
    const keys = await from.list(videoPrefix(videoId));
    for (const key of publicationOrder(keys)) {
      const data = await from.read(key);
      if (data) await to.put(key, { data }, { cacheControl: mediaCacheControl(key) });
    }
    await from.remove(keys);
    return keys.length;
  }

  /** Uploads every file under `dir` as `prefix/<relative path>`, in publication order, and answers the keys; on failure removes what it put. */
  async function uploadFolder(store: ObjectStore, dir: string, prefix: string) {
    const files = (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
    const put: string[] = [];
    try {
      for (const file of publicationOrder(files)) {
        const key = `${prefix}/${file}`;
        await store.put(key, { file: path.join(dir, file) }, { cacheControl: mediaCacheControl(key) });
        put.push(key);
      }
      return put;
    } catch (error) {
      await store.remove(put).catch(() => undefined);
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
      const store = await storeOf(videoId);
      const before = await store.list(`${prefix}/`);
      const written = new Set(await uploadFolder(store, dir, prefix));
      await store.remove(before.filter((key) => !written.has(key)));
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
        const store = await storeOf(videoId);
        await Promise.all(names.map((name) => store.download(`${streamKey(videoId)}/${name}`, path.join(dir, name))));
        const result = await use(dir);
        for (const name of await fs.readdir(dir)) {
          if (names.includes(name)) continue;
          const key = `${streamKey(videoId)}/${name}`;
          await store.put(key, { file: path.join(dir, name) }, { cacheControl: mediaCacheControl(key) });
        }
        return result;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    /** Stores a public file (moved: the local file is gone afterwards) under `key`, e.g. `videos/3/first-frame.jpg`. */
    async publishFile(key: string, file: string) {
      const videoId = /^videos\/(\d+)\//.exec(key)?.[1];
      try {
        const store = videoId === undefined ? publicStore : await storeOf(Number(videoId));
        await store.put(key, { file }, { cacheControl: mediaCacheControl(key) });
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
    /**
     * A signed address (`folder` from the signer): served by whoever serves the files on disk, and by
     * this server itself when media lives in a bucket, which cannot check a signature (ADR 0027).
     */
    signedUrl: (folder: string, file: string) => `${remote ? '' : base}/media/${folder}/${file}`,
    /** A video's file from wherever it is (public or withheld), streamed, for a signed address; null when there is none. */
    async openVideoFile(videoId: number, file: string): Promise<Readable | null> {
      const key = `${videoPrefix(videoId)}${file}`;
      return (await withheldStore?.stream(key)) ?? (await publicStore.stream(key));
    },
    /**
     * Puts a video's objects where its state says (ADR 0027): in the public bucket while it is public,
     * withheld in the private bucket otherwise. Answers how many objects moved. On disk nothing moves: the
     * server itself refuses the public address.
     */
    async placeVideo(videoId: number, isPublic: boolean): Promise<number> {
      if (!withheldStore) return 0;
      return isPublic ? moveVideo(videoId, withheldStore, publicStore) : moveVideo(videoId, publicStore, withheldStore);
    },
    /** The public URL of any key of the public store. */
    urlOf: (key: string) => `${base}/media/${key}`,
    siteIconUrl: (file: string) => `${base}/media/sites/${file}`,
    adUrl: (file: string) => `${base}/media/ads/${file}`,
    async prepare() {
      await Promise.all([uploads, work, ...(remote ? [] : [root, privateStore.locate('originals')])].map((dir) => fs.mkdir(dir, { recursive: true })));
    },
    async removeVideo(videoId: number, originalKey: string | null) {
      await publicStore.removePrefix(videoPrefix(videoId));
      await withheldStore?.removePrefix(videoPrefix(videoId));
      await fs.rm(path.join(work, 'videos', String(videoId)), { recursive: true, force: true });
      if (originalKey) await privateStore.remove([originalObject(originalKey)]);
    },
  };
}

export type MediaStorage = ReturnType<typeof mediaStorage>;
