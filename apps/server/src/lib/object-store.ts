import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a stored object is sent with; a CDN in front of a bucket passes both on. */
export interface ObjectHeaders {
  contentType?: string;
  cacheControl?: string;
}

/**
 * Files by key (`videos/12/stream/master.m3u8`), on local disk or in an S3 bucket: the same calls, so the
 * pipeline and the tests do not care which. Keys are relative, use `/`, and never climb out (`..`).
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Stores a file's bytes (the file stays where it is) or a buffer under `key`, replacing what was there. */
  put(key: string, body: { file: string } | { data: Buffer }, headers?: ObjectHeaders): Promise<void>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The object's bytes as a stream (for serving it without holding it whole), or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** Copies the object into a local file; false when there is none. */
  download(key: string, file: string): Promise<boolean>;
  /** Every key under `prefix` (a folder: ends with `/`). */
  list(prefix: string): Promise<string[]>;
  remove(keys: string[]): Promise<void>;
  /** Removes everything under `prefix` (a folder: ends with `/`). */
  removePrefix(prefix: string): Promise<void>;
  /** Where an operator finds the object (a path, or s3://bucket/key): for logs and the admin CLI. */
  locate(key: string): string;
}

const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** The type a file is served with, by its extension (never sniffed from its bytes). */
export function contentTypeOf(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

function checkKey(key: string): string {
  if (key === '' || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === '')) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`a prefix ends with '/': ${JSON.stringify(prefix)}`);
  checkKey(prefix.slice(0, -1));
  return prefix;
}

/** Objects as files under `root`; a put lands under a temporary name and is renamed into place. */
export function diskStore(root: string): ObjectStore {
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  async function walk(dir: string): Promise<string[]> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : Promise.resolve([path.join(dir, entry.name)]))));
    return nested.flat();
  }
  return {
    kind: 'disk',
    async put(key, body) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        if ('file' in body) await fs.copyFile(body.file, temporary);
        else await fs.writeFile(temporary, body.data);
        await fs.rename(temporary, target);
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },
    async read(key) {
      return fs.readFile(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return null;
        throw error;
      });
    },
    async stream(key) {
      const file = pathOf(key);
      const stream: ReadStream = createReadStream(file);
      // Opened before it is handed out, so a missing file answers null, not a stream that fails later.
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' || error.code === 'EISDIR' ? resolve(null) : reject(error)));
      });
    },
    async download(key, file) {
      try {
        await fs.copyFile(pathOf(key), file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async list(prefix) {
      const files = await walk(pathOf(checkPrefix(prefix).slice(0, -1)));
      return files.map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => fs.rm(pathOf(key), { force: true })));
    },
    async removePrefix(prefix) {
      await fs.rm(pathOf(checkPrefix(prefix).slice(0, -1)), { recursive: true, force: true });
    },
    locate: pathOf,
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

/** One client per process and endpoint: it keeps its connections alive. */
export function s3Client(settings: Omit<S3Settings, 'bucket'>): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

const DELETE_BATCH = 1000;

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
}

/** Objects in `bucket` under `prefix` (e.g. `media/`), so a store's keys read like the disk tree's. */
export function s3Store(client: S3Client, bucket: string, prefix: string): ObjectStore {
  const full = (key: string) => `${prefix}${checkKey(key)}`;
  return {
    kind: 's3',
    async put(key, body, headers = {}) {
      const size = 'file' in body ? (await fs.stat(body.file)).size : body.data.length;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: full(key),
          Body: 'file' in body ? createReadStream(body.file) : body.data,
          ContentLength: size,
          ContentType: headers.contentType ?? contentTypeOf(key),
          CacheControl: headers.cacheControl,
        }),
      );
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async download(key, file) {
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      try {
        await pipeline(answer.Body as Readable, createWriteStream(file));
      } catch (error) {
        await fs.rm(file, { force: true });
        throw error;
      }
      return true;
    },
    async list(folder) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${checkPrefix(folder)}`, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const answer = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((key) => ({ Key: full(key) })), Quiet: true } }));
        const failed = answer.Errors ?? [];
        if (failed.length > 0) throw new Error(`could not delete ${failed.length} object(s), first ${failed[0]!.Key}: ${failed[0]!.Code}`);
      }
    },
    async removePrefix(folder) {
      await this.remove(await this.list(folder));
    },
    locate: (key) => `s3://${bucket}/${full(key)}`,
  };
}
