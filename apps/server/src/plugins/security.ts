import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a CSP that allows what the app really loads: its own scripts and styles,
 * images from itself, data: and blob: URLs (thumbnails, crops), media from MEDIA_BASE_URL.
 */
export const security = fp(async function security(
  app: FastifyInstance,
  options: { mediaOrigin?: string; corsOrigin?: string },
) {
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        // React style props (progress bars, transforms) are attributes, not stylesheets.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...media],
        mediaSrc: ["'self'", 'blob:', ...media],
        connectSrc: ["'self'", ...media],
        fontSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  if (options.corsOrigin) {
    await app.register(cors, { origin: options.corsOrigin.split(',').map((o) => o.trim()), credentials: false });
  }
});
