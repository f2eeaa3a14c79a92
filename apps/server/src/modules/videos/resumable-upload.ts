import { VIDEO_MAX_BYTES, type UploadResponse } from '@flick/contract';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { Locker } from '@tus/utils';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UserRow } from '../../db/schema.ts';
import type { ObjectStore } from '../../lib/object-store.ts';
import { ObjectUploadStore } from './object-upload-store.ts';
import { UPLOAD_EXPIRY_MS, type UploadQuota } from './upload-quota.ts';
import type { VideosService } from './videos.service.ts';

/** Written by the server at creation (whatever the client sent under it): whose upload it is. */
const UPLOADER_KEY = 'uploader';
/** The ids tus names uploads with; anything else cannot be one of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** What one HTTP request brings to the tus hooks, and what they leave for the route to answer. */
interface RequestContext {
  user: UserRow;
  /** The upload this creation request recorded in the quota. */
  started?: string;
  result?: UploadResponse;
  failure?: Error;
}

export interface ResumableUploadsOptions {
  /** Where the upload files and their `.json` info files live until the last byte arrives. */
  directory: string;
  /** The collection URL as the browser sees it; upload URLs (Location) are this plus the id. */
  endpoint: string;
  videos: VideosService;
  /** Counts each upload started against its creator's quota, from creation until it is finished or cancelled. */
  quota: UploadQuota;
  logger: FastifyBaseLogger;
  /** Who may write to an upload now; shared (PostgreSQL) so that any instance can take any request. */
  locker?: Locker;
  /** With S3: the private store the data goes to, so that any instance can take the next PATCH. */
  objects?: ObjectStore;
}

/**
 * The tus 1.0 server (creation, HEAD, PATCH, termination, expiration) over a file store, or the private
 * bucket with S3. A finished upload goes through `videos.ingest` like a multipart one; its tus files are
 * gone afterwards, whatever the outcome.
 */
export function resumableUploads({ directory, endpoint, videos, quota, logger, locker, objects }: ResumableUploadsOptions) {
  const store = objects
    ? new ObjectUploadStore(objects, path.join(directory, 'incoming'), UPLOAD_EXPIRY_MS)
    : new DiskUploadStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  // Data comes in PATCH requests only: a creation request that carried a whole small file would be ingested
  // before tus answers it, and tus then reads the upload's info again after it is gone. And every upload
  // says its length when it starts: the quota counts it then.
  store.extensions = store.extensions.filter((extension) => extension !== 'creation-with-upload' && extension !== 'creation-defer-length');
  const contexts = new WeakMap<Request, RequestContext>();
  const dataFile = (uploadId: string) => path.join(directory, uploadId);

  function contextOf(request: Request): RequestContext {
    const context = contexts.get(request);
    if (!context) throw new Error('A tus request arrived without its context.');
    return context;
  }

  /** Removes the upload's data (if still there) and the info file kept next to it. */
  async function discard(uploadId: string) {
    await Promise.all([fs.rm(dataFile(uploadId), { force: true }), fs.rm(`${dataFile(uploadId)}.json`, { force: true })]);
    if (store instanceof ObjectUploadStore) await store.remove(uploadId);
  }

  const tus = new Server({
    path: endpoint,
    datastore: store,
    locker,
    maxSize: VIDEO_MAX_BYTES,
    // The app and its API share one origin; behind a proxy the same path still holds.
    relativeLocation: true,
    // CORS is @fastify/cors's job (CORS_ORIGIN); left alone, tus would allow every origin.
    allowedOrigins: () => false,
    async onUploadCreate(request, upload) {
      const context = contextOf(request);
      try {
        await quota.reserve(context.user.id, upload.id, upload.size ?? VIDEO_MAX_BYTES);
      } catch (error) {
        context.failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      }
      context.started = upload.id;
      return { metadata: { ...upload.metadata, [UPLOADER_KEY]: String(context.user.id) } };
    },
    // A write that found the disk full: the upload goes (nothing of it stays on the full disk) and the
    // route answers the error itself (507), where tus would answer a 500 of its own.
    async onResponseError(request, error) {
      if ((error as { code?: string }).code !== 'ENOSPC') return undefined;
      const context = contexts.get(request);
      const uploadId = new URL(request.url).pathname.split('/').pop() ?? '';
      if (UPLOAD_ID.test(uploadId)) {
        await discard(uploadId).catch(() => undefined);
        await quota.close(uploadId).catch(() => undefined);
      }
      if (context) context.failure = error as Error;
      return undefined;
    },
    async onUploadFinish(request, upload) {
      const context = contextOf(request);
      try {
        if (store instanceof ObjectUploadStore) await store.assemble(upload.id, dataFile(upload.id));
        context.result = await videos.ingest(context.user, dataFile(upload.id), filenameOf(upload));
        return { status_code: 200 };
      } catch (error) {
        context.failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        await discard(upload.id);
        await quota.close(upload.id);
      }
    },
  });

  return {
    /**
     * Runs one tus request. `response` carries the protocol's status and headers; `result` is set when this
     * request finished the upload, `failure` when ingesting it failed (the route answers either as JSON).
     */
    async handle(request: FastifyRequest, user: UserRow, uploadId?: string) {
      const web = toWebRequest(request, uploadId ? `${endpoint}/${uploadId}` : endpoint);
      const context: RequestContext = { user };
      contexts.set(web, context);
      const response = await tus.handleWeb(web);
      if (context.started && response.status !== 201) await quota.forget(context.started);
      if (request.method === 'DELETE' && uploadId && response.status === 204) await quota.close(uploadId);
      return { response, result: context.result, failure: context.failure };
    },

    /** False for an upload that does not exist as well as for someone else's: callers answer both alike. */
    async isUploadOf(uploadId: string, user: UserRow) {
      if (!UPLOAD_ID.test(uploadId)) return false;
      const info = await store.getUpload(uploadId).catch(() => null);
      return info?.metadata?.[UPLOADER_KEY] === String(user.id);
    },

    async sweep() {
      try {
        const removed = store instanceof ObjectUploadStore ? await store.deleteExpired() : await sweepExpiredUploads(directory, Date.now());
        if (removed > 0) logger.info({ removed }, 'expired upload files removed');
        await quota.sweep();
      } catch (error) {
        logger.warn({ err: error }, 'sweeping expired uploads failed');
      }
    },
  };
}

/**
 * tus's file store, whose write keeps the reason of a failure: the store's own turns every failure into
 * one "unknown error", so a full disk (ENOSPC) could not be told apart. The bytes go where tus's would.
 */
class DiskUploadStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(readable, counter, createWriteStream(path.join(this.directory, id), { flags: 'r+', start: offset }));
    return offset + received;
  }
}

function filenameOf(upload: Upload): string {
  return upload.metadata?.filename ?? upload.metadata?.name ?? '';
}

/**
 * The tus handlers speak Fetch API; the body stays a stream from the socket to the file. Only PATCH carries
 * data (see `creation-with-upload` above), so other methods go without body and content type.
 */
function toWebRequest(request: FastifyRequest, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const item of typeof value === 'string' ? [value] : (value ?? [])) headers.append(name, item);
  }
  const hasBody = request.method === 'PATCH';
  if (!hasBody) headers.delete('content-type');
  // A streamed body needs `duplex: 'half'`, which not every RequestInit typing lists yet.
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  };
  return new Request(new URL(url, 'http://localhost'), init);
}

/**
 * Removes every file in the upload folder that nobody wrote to for the expiry period: expired unfinished
 * uploads (tus refuses them after a day anyway) and the leftovers of a crash. Returns how many went.
 */
export async function sweepExpiredUploads(directory: string, now: number): Promise<number> {
  const names = await fs.readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs < UPLOAD_EXPIRY_MS) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
