import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { httpDuration, metrics } from '../lib/metrics.ts';
import { bearerToken } from './authenticate.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(bearerToken(request) ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in Prometheus' text format (issue 17), and every request's duration by route pattern.
 * With METRICS_TOKEN it answers whoever sends that bearer token; without one, only this machine (the
 * socket's own address, never a forwarded one), so it is never exposed by accident.
 */
export const metricsEndpoint = fp(async function metricsEndpoint(app: FastifyInstance, { token }: { token?: string }) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const allowed = token ? tokenMatches(request, token) : LOOPBACK.has(request.socket.remoteAddress ?? '');
    if (!allowed) return reply.code(token ? 401 : 404).send({ message: token ? 'Please sign in to continue.' : 'Not found.' });
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(await metrics.metrics());
  });
});
