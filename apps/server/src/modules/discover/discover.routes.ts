import {
  discoverQuerySchema,
  discoverResponseSchema,
  errorResponseSchema,
  feedMessages,
  searchQuerySchema,
  searchRequestSchema,
  searchResponseSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalBearer, viewerOf } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { DiscoverService } from './discover.service.ts';
import type { SearchService } from './search.service.ts';

/** viewer.md §2 Discover, §7 GET /discover and POST /discover/search. */
export const discoverRoutes: FastifyPluginAsyncZod<{ discover: DiscoverService; search: SearchService }> = async (app, { discover, search }) => {
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
      // Shared by every visitor of the same categories for DISCOVER_CACHE_MS on the server; browsers may reuse it
      // briefly too, but no shared cache: what is left out depends on where the viewer is (geo-blocking).
      void reply.header('cache-control', 'private, max-age=15');
      return discover.discover(request.query.gender, viewerOf(request, undefined));
    },
  );

  app.post(
    '/discover/search',
    {
      // The box asks while the viewer types (viewer.md §4): a few a second from one person is normal.
      config: perClientLimit(300, 60, feedMessages.tooManyRequests),
      schema: {
        tags: ['discover'],
        summary: 'Search creators, tags and video titles by prefix and misspelling, best matches first; is_final searches are recorded',
        security: optionalBearer,
        querystring: searchQuerySchema,
        body: searchRequestSchema,
        response: { 200: searchResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => search.search(request.query.query, request.query.gender, viewerOf(request, request.body.guest_id), request.body.is_final),
  );
};
