import fastifyStatic from '@fastify/static';
import type { AgeRuleKind } from '@flick/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type MediaSigner, SIGNED_MEDIA_PREFIX } from '../lib/media-signing.ts';
import { mediaCacheControl } from '../lib/media-storage.ts';
import { contentTypeOf } from '../lib/object-store.ts';
import { sendAgeGate } from './age-gate.ts';

/**
 * A video's `stream` folder is a link to the folder being written while it encodes (playable early,
 * see transcodeToHls) and a real folder once the ladder is finished.
 */
function isStillEncoding(file: string): boolean {
  const stream = /^(.*[\\/]stream)[\\/]/.exec(file)?.[1];
  try {
    return stream !== undefined && fs.lstatSync(stream).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Our file server's cache header for a file: the store's one rule (ADR 0027), growing playlists by their folder. */
export function cacheControl(file: string): string {
  return mediaCacheControl(file, file.endsWith('.m3u8') && isStillEncoding(file));
}

/** A signed address expires within two hours; no shared cache may keep what it served. */
export const SIGNED_CACHE_CONTROL = 'private, max-age=3600';

/** Media is only ever embedded (img, video, hls.js): opened on its own, nothing in it may load or run. */
export const MEDIA_CSP = "default-src 'none'; sandbox";

/** What a media address is, as the file server will resolve it. */
export type MediaAddress =
  | { kind: 'other' }
  /** Under videos/ but not a plain id: never served. */
  | { kind: 'invalid' }
  | { kind: 'video'; videoId: number }
  /** `signed/{token}/videos/{id}/{file}`: served as `videos/{id}/{file}` when the token is good for that video. */
  | { kind: 'signed'; videoId: number; token: string; file: string };

/**
 * Reads `url` decoded once and normalised like the static server does, so `..`, `.` and doubled slashes
 * cannot walk around the check.
 */
export function mediaAddressOf(url: string, prefix = '/media/'): MediaAddress {
  const end = url.search(/[?#]/);
  let pathname: string;
  try {
    pathname = path.posix.normalize(decodeURI(url.slice(prefix.length - 1, end < 0 ? undefined : end)));
  } catch {
    return { kind: 'invalid' };
  }
  const id = (segment: string | undefined) => (segment !== undefined && /^\d{1,15}$/.test(segment) ? Number(segment) : null);
  const signed = new RegExp(`^/${SIGNED_MEDIA_PREFIX}(?:/|$)`).test(pathname) ? /^\/[^/]+\/([^/]*)\/videos\/([^/]*)\/(.+)$/.exec(pathname) : undefined;
  if (signed !== undefined) {
    const videoId = id(signed?.[2]);
    return signed && videoId !== null ? { kind: 'signed', token: signed[1]!, videoId, file: signed[3]! } : { kind: 'invalid' };
  }
  const match = /^\/videos(?:\/([^/]*))?(?:\/|$)/.exec(pathname);
  if (!match) return { kind: 'other' };
  const videoId = id(match[1]);
  return videoId === null ? { kind: 'invalid' } : { kind: 'video', videoId };
}

export interface MediaFilesOptions {
  /** The served tree (DATA_DIR/media); absent when media lives in a bucket, and only signed addresses are ours to serve. */
  root?: string;
  /** With a bucket: a video's file from wherever it is now (public or withheld), streamed, for a signed address. */
  openVideoFile?: (videoId: number, file: string) => Promise<Readable | null>;
  /** Whether a video's files may be served at their public address now (modules/videos media-access). */
  mayServeVideo: (videoId: number) => Promise<boolean>;
  signer: Pick<MediaSigner, 'verify'>;
  /**
   * The age gate of the request's place (ADR 0030): the rule still to be met before a video's files are
   * served, or null when there is none or it is met. Public and signed addresses alike.
   */
  ageGate?: (request: FastifyRequest) => Promise<Exclude<AgeRuleKind, 'none'> | null>;
}

/** Marks a response sent from a signed address: only the browser that was given it may keep it. */
const SIGNED = Symbol('signed media');

const notFound = { message: 'Not found.' };

/** Headers every media answer carries, whatever it is served from. */
function mediaHeaders(set: (name: string, value: string) => void, file: string) {
  set('content-type', contentTypeOf(file));
  set('x-content-type-options', 'nosniff');
  set('content-security-policy', MEDIA_CSP);
  set('access-control-allow-origin', '*');
}

/**
 * Public media (HLS ladders, thumbnails, first frames) from DATA_DIR/media at /media, with range
 * requests. When MEDIA_BASE_URL points at a CDN, the CDN serves this same tree instead. When media lives
 * in a bucket, the bucket (behind MEDIA_BASE_URL) serves the public files, and this server only the
 * signed addresses, from wherever the video's objects are (ADR 0027).
 *
 * Each file goes out with the type its extension names in the object store's table, the one a bucket
 * is given too (anything else is application/octet-stream: never HTML, SVG or script, whatever lands
 * here), never sniffed, and under a CSP that lets nothing in it run if it is opened as a page.
 *
 * A video's files answer at their public address only while it is published for everyone (media-access
 * MEDIA_PUBLIC_SQL), and 404 (not cacheable) otherwise: a draft, a scheduled or held video, one taken
 * down, hidden by reports, rejected, being deleted, a banned or geo-blocked creator's. Whoever may see it
 * is given signed addresses (lib/media-signing.ts, modules/videos/media-urls.ts) that serve it.
 */
export const mediaFiles = fp(async function mediaFiles(app: FastifyInstance, options: MediaFilesOptions) {
  const { root, openVideoFile } = options;
  if (!root) {
    if (!openVideoFile) throw new Error('mediaFiles needs a root or openVideoFile');
    app.get('/media/*', async (request, reply) => {
      const address = mediaAddressOf(request.url);
      if (address.kind !== 'signed' || !options.signer.verify(address.token, address.videoId) || address.file.split('/').some((part) => part.startsWith('.'))) {
        return reply.code(404).header('cache-control', 'no-store').send(notFound);
      }
      const unmet = await options.ageGate?.(request);
      if (unmet) return sendAgeGate(reply, unmet);
      const data = await openVideoFile(address.videoId, address.file);
      if (!data) return reply.code(404).header('cache-control', 'no-store').send(notFound);
      mediaHeaders((name, value) => {
        reply.header(name, value);
      }, address.file);
      return reply.header('cache-control', SIGNED_CACHE_CONTROL).send(data);
    });
    return;
  }
  fs.mkdirSync(root, { recursive: true });
  await app.register(async function gatedMedia(scope) {
    scope.addHook('onRequest', async (request, reply) => {
      const address = mediaAddressOf(request.url);
      if (address.kind === 'other') return;
      if (address.kind === 'video' || address.kind === 'signed') {
        const unmet = await options.ageGate?.(request);
        if (unmet) return sendAgeGate(reply, unmet);
      }
      if (address.kind === 'video' && (await options.mayServeVideo(address.videoId))) return;
      if (address.kind === 'signed' && options.signer.verify(address.token, address.videoId)) {
        // The static server reads the file's name from the URL: it serves the video's own file.
        request.raw.url = `/media/videos/${address.videoId}/${encodeURI(address.file)}`;
        (reply.raw as unknown as Record<symbol, boolean>)[SIGNED] = true;
        return;
      }
      return reply.code(404).header('cache-control', 'no-store').send(notFound);
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // Ours below, per kind of file (send's own would overwrite them).
      cacheControl: false,
      contentType: false,
      setHeaders: (res, file) => {
        mediaHeaders((name, value) => {
          res.setHeader(name, value);
        }, file);
        res.setHeader('cache-control', (res as unknown as Record<symbol, boolean>)[SIGNED] ? SIGNED_CACHE_CONTROL : cacheControl(file));
      },
    });
  });
});
