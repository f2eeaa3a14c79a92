import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app next to the API. Any GET outside /v1 that is not a file is a client route,
 * so a reload on a deep link (/page/faq) gets index.html and the router takes over.
 */
export const webApp = fp(async function webApp(app: FastifyInstance, options: { distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) {
    app.log.warn({ distDir: options.distDir }, 'web app is not built; run `npm run build` (npm start does it)');
  } else {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      // Ours below (send's own would overwrite it): hashed assets (and the ad script) never change; index.html always revalidates.
      cacheControl: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`) || file.includes(`${path.sep}ads${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    if (isApi || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // A missing hashed asset is a 404, not the app shell served as JavaScript.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/ads/') || request.url.startsWith('/media/')) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
