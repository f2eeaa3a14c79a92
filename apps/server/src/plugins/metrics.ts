import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { httpDuration, metrics } from '../lib/metrics.ts';
import { bearerToken } from './authenticate.ts';

function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(bearerToken(request) ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in Prometheus' text format (ADR 0025), and every request's duration by route pattern.
 * With METRICS_TOKEN it answers whoever sends that bearer token; with METRICS_PUBLIC, anyone; otherwise
 * nobody (SECURITY.md): not even this machine, which is every visitor behind a reverse proxy on it.
 */
export const metricsEndpoint = fp(async function metricsEndpoint(app: FastifyInstance, access: { token?: string; public: boolean }) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (access.token ? !tokenMatches(request, access.token) : !access.public) {
      return reply.code(access.token ? 401 : 404).send({ message: access.token ? 'Please sign in to continue.' : 'Not found.' });
    }
    return reply
      .header('content-type', metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.metrics());
  });
});
