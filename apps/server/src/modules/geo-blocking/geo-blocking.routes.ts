import { errorResponseSchema, feedMessages, geoBlockListResponseSchema, geoBlockSchema, geoPlacesResponseSchema, REGION_COUNTRIES } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countries, regions } from '../../lib/places.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { GeoBlockingService } from './geo-blocks.service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };
const places = { countries: [...countries], regions: [...regions] };

/** accounts.md §7: the three geo-blocking calls of a creator or channel, and the places they choose from. */
export const geoBlockingRoutes: FastifyPluginAsyncZod<{ geoBlocking: GeoBlockingService }> = async (app, { geoBlocking }) => {
  app.get(
    '/geo/places',
    {
      schema: {
        tags: ['accounts'],
        summary: `Every ISO 3166-1 country with its English name, and the regions of ${REGION_COUNTRIES.join(', ')} (ISO 3166-2, code within the country)`,
        response: { 200: geoPlacesResponseSchema },
      },
    },
    async (_request, reply) => {
      // The lists change only with a new release of the ISO packages.
      void reply.header('cache-control', 'public, max-age=86400');
      return places;
    },
  );

  app.get(
    '/profile/get-geo-blocked-countries',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The countries and regions where the signed-in creator is not shown',
        security: [{ bearer: [] }],
        response: { 200: geoBlockListResponseSchema, ...errors },
      },
    },
    async (request) => geoBlocking.list(signedInUser(request)),
  );

  app.post(
    '/profile/add-geo-blocked-country',
    {
      preHandler: app.requireUser,
      config: perClientLimit(120, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['accounts'],
        summary: 'Block a country ({country_code}) or one of its regions ({country_code, region_code}); one already listed is left as it is',
        security: [{ bearer: [] }],
        body: geoBlockSchema,
        response: { 200: geoBlockListResponseSchema, ...errors },
      },
    },
    async (request) => geoBlocking.add(signedInUser(request), request.body),
  );

  app.post(
    '/profile/delete-geo-blocked-country',
    {
      preHandler: app.requireUser,
      config: perClientLimit(120, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['accounts'],
        summary: 'Show the creator again in a country or region removed from the list',
        security: [{ bearer: [] }],
        body: geoBlockSchema,
        response: { 200: geoBlockListResponseSchema, ...errors },
      },
    },
    async (request) => geoBlocking.remove(signedInUser(request), request.body),
  );
};
