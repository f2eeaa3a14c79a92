import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** A year, subdomains too; `preload` is the operator's own decision (it is hard to take back). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The security headers, as name and value: the same on every answer. */
export type SecurityHeaders = readonly (readonly [name: string, value: string])[];

/**
 * Security headers with a CSP that allows what the app really loads: its own scripts and styles,
 * images from itself, data: and blob: URLs (thumbnails, crops), media from MEDIA_BASE_URL, and the
 * https: video and pixels of an outside ad server's VAST ad; scripts and connections only our own
 * (never 'unsafe-inline' or 'unsafe-eval'; the one inline script by its hash), and no page may frame ours.
 *
 * Worked out once, before the app exists, by asking helmet on an app of its own: they never depend on
 * the request (and @fastify/helmet's own hook, building helmet anew for every request, was a tenth of
 * the home feed's CPU in docs/perf/feed-api-profile.md), and the answers the framework gives before any hook runs
 * (a malformed address, headers too large: error-handler.ts) need them too (SECURITY.md).
 */
export async function securityHeaders(options: { mediaOrigin?: string; scriptHashes?: readonly string[] }): Promise<SecurityHeaders> {
  const media = options.mediaOrigin ? [options.mediaOrigin] : [];
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
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
    global: false,
  });
  let headers: SecurityHeaders = [];
  probe.get('/', async (_request, reply) => {
    reply.helmet();
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)] as const);
    return '';
  });
  await probe.inject({ url: '/' });
  await probe.close();
  return headers;
}

/**
 * Sets the security headers on every answer that reaches a hook. Strict-Transport-Security only on an
 * answer to a request that came over TLS: directly, or through a trusted proxy that says so
 * (X-Forwarded-Proto: https with TRUST_PROXY). Browsers ignore it over plain HTTP (RFC 6797), where it
 * would only claim a TLS setup the server knows nothing of.
 */
export const security = fp(async function security(app: FastifyInstance, options: { headers: SecurityHeaders; corsOrigin?: string }) {
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of options.headers) reply.raw.setHeader(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  if (options.corsOrigin) {
    await app.register(cors, { origin: options.corsOrigin.split(',').map((o) => o.trim()), credentials: false });
  }
});
