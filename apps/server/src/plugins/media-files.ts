import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';

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
    setHeaders: (res, file) => {
      // Segments of a published ladder never change; playlists and images may be replaced by a re-run.
      res.setHeader('cache-control', file.endsWith('.ts') ? 'public, max-age=31536000, immutable' : 'public, max-age=60');
      res.setHeader('access-control-allow-origin', '*');
    },
  });
});
