import { healthResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';

export const healthRoutes: FastifyPluginAsyncZod<{ pool: pg.Pool }> = async (app, { pool }) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness with a database round trip; 503 when the database is unreachable',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const database = await pool.query('select 1').then(
        () => 'up' as const,
        (error: unknown) => {
          request.log.error({ err: error }, 'health check: database unreachable');
          return 'down' as const;
        },
      );
      return reply
        .code(database === 'up' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: database === 'up' ? 'ok' : 'degraded', database, uptimeSeconds: Math.round(process.uptime()) });
    },
  );
};
