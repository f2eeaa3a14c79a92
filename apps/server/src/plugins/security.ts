import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A year, subdomains too; `preload` is the operator's own decision (it is hard to take back). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers with a CSP that allows what the app really loads: its own scripts and styles,
 * images from itself, data: and blob: URLs (thumbnails, crops), media from MEDIA_BASE_URL, and the
 * https: video and pixels of an outside ad server's VAST ad; scripts and connections only our own
 * (never 'unsafe-inline' or 'unsafe-eval'; the one inline script by its hash), and no page may frame ours.
 *
 * Strict-Transport-Security only on an answer to a request that came over TLS: directly, or through a
 * trusted proxy that says so (X-Forwarded-Proto: https with TRUST_PROXY). Browsers ignore it over plain
 * HTTP (RFC 6797), where it would only claim a TLS setup the server knows nothing of.
 */
export const security = fp(async function security(
  app: FastifyInstance,
  options: { mediaOrigin?: string; corsOrigin?: string; scriptHashes?: readonly string[] },
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
        // The web app's inline boot player (ADR 0019) by its hash: no other inline script runs.
        scriptSrc: ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'${hash}'`)],
        // React style props (progress bars, transforms) are attributes, not stylesheets.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for outside ad servers' VAST ads only (ADR 0016): their MP4 and impression pixels.
        // Scripts and connections stay our own.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
        mediaSrc: ["'self'", 'blob:', 'https:', ...media],
        connectSrc: ["'self'", ...media],
        fontSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // The same as frame-ancestors 'none', for browsers that only know this one.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
    // @fastify/helmet's own hook builds helmet anew for every request (the CSP parsed again each time: a
    // tenth of the home feed's CPU in issue 18's profile). The headers never depend on the request, so
    // they are taken from its first one and set as they are on every other.
    global: false,
  });
  let fixed: [string, string | number | readonly string[]][] | null = null;
  app.addHook('onRequest', async (request, reply) => {
    if (fixed === null) {
      const before = new Set(reply.raw.getHeaderNames());
      reply.helmet();
      fixed = reply.raw.getHeaderNames().flatMap((name) => (before.has(name) ? [] : [[name, reply.raw.getHeader(name)!] as const]));
    } else {
      for (const [name, value] of fixed) reply.raw.setHeader(name, value);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  if (options.corsOrigin) {
    await app.register(cors, { origin: options.corsOrigin.split(',').map((o) => o.trim()), credentials: false });
  }
});
