import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';

/**
 * Segments never change once written. Playlists grow while a video is still encoding and are
 * revalidated every time (tiny, and answered 304 when unchanged); images may be replaced by a re-run.
 */
export function cacheControl(file: string): string {
  if (file.endsWith('.ts')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.m3u8')) return 'public, no-cache';
  return 'public, max-age=60';
}

/**
 * Public media (HLS ladders, thumbnails, first frames) from DATA_DIR/media at /media, with range
 * requests. When MEDIA_BASE_URL points at a CDN, the CDN serves this same tree instead.
 */
export const mediaFiles = fp(async function mediaFiles(app: FastifyInstance, options: { root: string }) {
  fs.mkdirSync(options.root, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Ours below, per kind of file (send's own would overwrite it).
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', cacheControl(file));
      res.setHeader('access-control-allow-origin', '*');
    },
  });
});
