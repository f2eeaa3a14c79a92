import { discoverQuerySchema, discoverResponseSchema, errorResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DiscoverService } from './discover.service.ts';

/** viewer.md §2 Discover, §7 GET /discover. */
export const discoverRoutes: FastifyPluginAsyncZod<{ discover: DiscoverService }> = async (app, { discover }) => {
  app.get(
    '/discover',
    {
      schema: {
        tags: ['discover'],
        summary: "Discover: live and newest creators, the four 'most' sections and the webcam sites, for the categories asked",
        querystring: discoverQuerySchema,
        response: { 200: discoverResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Shared by every visitor of the same categories for DISCOVER_CACHE_MS on the server; browsers may reuse it briefly too.
      void reply.header('cache-control', 'public, max-age=15');
      return discover.discover(request.query.gender);
    },
  );
};
