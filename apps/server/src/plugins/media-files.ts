import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import { type MediaSigner, SIGNED_MEDIA_PREFIX } from '../lib/media-signing.ts';
import { contentTypeOf } from '../lib/object-store.ts';

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

/**
 * Segments never change once written. Playlists grow while a video is still encoding and are then
 * revalidated every time; a finished ladder's playlists are final, and cached like the segments for a
 * day, so a player (or a preload ahead of it) needs no round trip for them. A video's stills may be
 * replaced by a re-run; profile images get a new name with each change.
 */
export function cacheControl(file: string): string {
  // Segments, and profile images named by their content hash (users/{id}/avatar-{hash}-{width}.webp).
  if (file.endsWith('.ts') || /-[0-9a-f]{16}-\d+\.webp$/.test(file)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.m3u8')) return isStillEncoding(file) ? 'public, no-cache' : 'public, max-age=86400';
  return 'public, max-age=60';
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
  root: string;
  /** Whether a video's files may be served now (modules/videos media-access): a decision withdraws them. */
  mayServeVideo: (videoId: number) => Promise<boolean>;
  signer: Pick<MediaSigner, 'verify'>;
}

/** Marks a response sent from a signed address: only the browser that was given it may keep it. */
const SIGNED = Symbol('signed media');

/**
 * Public media (HLS ladders, thumbnails, first frames) from DATA_DIR/media at /media, with range
 * requests. When MEDIA_BASE_URL points at a CDN, the CDN serves this same tree instead.
 *
 * Each file goes out with the type its extension names in the object store's table, the one a bucket
 * is given too (anything else is application/octet-stream: never HTML, SVG or script, whatever lands
 * here), never sniffed, and under a CSP that lets nothing in it run if it is opened as a page.
 *
 * A video's files answer 404 (not cacheable) from the moment a decision withdraws the video: take-down,
 * hiding by reports, a ban, rejection, deletion. Its creator and admins are given signed addresses
 * (lib/media-signing.ts) that still serve them.
 */
export const mediaFiles = fp(async function mediaFiles(app: FastifyInstance, options: MediaFilesOptions) {
  fs.mkdirSync(options.root, { recursive: true });
  await app.register(async function gatedMedia(scope) {
    scope.addHook('onRequest', async (request, reply) => {
      const address = mediaAddressOf(request.url);
      if (address.kind === 'other') return;
      if (address.kind === 'video' && (await options.mayServeVideo(address.videoId))) return;
      if (address.kind === 'signed' && options.signer.verify(address.token, address.videoId)) {
        // The static server reads the file's name from the URL: it serves the video's own file.
        request.raw.url = `/media/videos/${address.videoId}/${encodeURI(address.file)}`;
        (reply.raw as unknown as Record<symbol, boolean>)[SIGNED] = true;
        return;
      }
      return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found.' });
    });
    await scope.register(fastifyStatic, {
      root: options.root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // Ours below, per kind of file (send's own would overwrite them).
      cacheControl: false,
      contentType: false,
      setHeaders: (res, file) => {
        res.setHeader('content-type', contentTypeOf(file));
        res.setHeader('x-content-type-options', 'nosniff');
        res.setHeader('content-security-policy', MEDIA_CSP);
        res.setHeader('cache-control', (res as unknown as Record<symbol, boolean>)[SIGNED] ? SIGNED_CACHE_CONTROL : cacheControl(file));
        res.setHeader('access-control-allow-origin', '*');
      },
    });
  });
});
