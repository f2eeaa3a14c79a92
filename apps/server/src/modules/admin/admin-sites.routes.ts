import {
  adminMessages,
  adminWebcamSiteCreateSchema,
  adminWebcamSiteFeedSchema,
  adminWebcamSiteListSchema,
  adminWebcamSiteOrderSchema,
  adminWebcamSiteSchema,
  adminWebcamSiteSecretSchema,
  adminWebcamSiteUpdateSchema,
  WEBCAM_SITE_ICON_MAX_BYTES,
  WEBCAM_SITE_ICON_TYPES,
  webcamSiteSlugSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { adminErrors } from '../../lib/route-schemas.ts';
import { adminRoute, deciding } from './admin-request.ts';
import type { AdminSites } from './admin-sites.service.ts';

const siteParams = z.object({ slug: webcamSiteSlugSchema });
const siteResponse = { 200: adminWebcamSiteSchema, ...adminErrors };
/** An icon upload is the picture itself as the body; a little over the limit so the service names it. */
const ICON_BODY_LIMIT = WEBCAM_SITE_ICON_MAX_BYTES + 1024;

/** Discover's webcam sites in the console (ADR 0012, ADR 0015): the list and order, icons, status feeds and push secrets. */
export const adminSitesRoutes: FastifyPluginAsyncZod<{ sites: AdminSites }> = async (app, { sites }) => {
  app.get(
    '/webcam-sites',
    {
      schema: {
        ...adminRoute,
        summary: "The webcam sites in Discover's order, with their live status feeds",
        response: { 200: adminWebcamSiteListSchema, ...adminErrors },
      },
    },
    async () => ({ data: await sites.list() }),
  );

  app.post(
    '/webcam-sites',
    { schema: { ...adminRoute, summary: 'A new webcam site, last in the order', body: adminWebcamSiteCreateSchema, response: siteResponse } },
    async (request) => sites.create(deciding(request), request.body),
  );

  app.post(
    '/webcam-sites/order',
    {
      schema: {
        ...adminRoute,
        summary: 'Every site in a new order (each exactly once)',
        body: adminWebcamSiteOrderSchema,
        response: { 200: adminWebcamSiteListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await sites.reorder(deciding(request), request.body.slugs) }),
  );

  app.post(
    '/webcam-sites/:slug',
    { schema: { ...adminRoute, summary: "Edit a site's name or hosts", params: siteParams, body: adminWebcamSiteUpdateSchema, response: siteResponse } },
    async (request) => sites.update(deciding(request), request.params.slug, request.body),
  );

  app.delete(
    '/webcam-sites/:slug',
    { schema: { ...adminRoute, summary: 'Remove a site (its icon file goes too)', params: siteParams, response: { 204: z.null(), ...adminErrors } } },
    async (request, reply) => {
      await sites.remove(deciding(request), request.params.slug);
      return reply.code(204).send(null);
    },
  );

  // The icon is the picture itself as the body (PNG, JPEG, WebP or SVG), never a URL to fetch.
  await app.register(async (scope) => {
    const icons = scope.withTypeProvider<ZodTypeProvider>();
    icons.addContentTypeParser([...WEBCAM_SITE_ICON_TYPES], { parseAs: 'buffer', bodyLimit: ICON_BODY_LIMIT }, (_request, body, done) => done(null, body));
    icons.put(
      '/webcam-sites/:slug/icon',
      {
        bodyLimit: ICON_BODY_LIMIT,
        schema: { ...adminRoute, summary: "A site's icon: the picture as the body, made into our own square WebP", params: siteParams, response: siteResponse },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(422, adminMessages.iconType);
        return sites.setIcon(deciding(request), request.params.slug, request.body);
      },
    );
  });

  app.delete(
    '/webcam-sites/:slug/icon',
    { schema: { ...adminRoute, summary: "Back to the site's drawn initial", params: siteParams, response: siteResponse } },
    async (request) => sites.setIcon(deciding(request), request.params.slug, null),
  );

  app.put(
    '/webcam-sites/:slug/status-feed',
    {
      schema: {
        ...adminRoute,
        summary: 'Where the site says who is online (polled, ADR 0012)',
        params: siteParams,
        body: adminWebcamSiteFeedSchema,
        response: siteResponse,
      },
    },
    async (request) => sites.setStatusFeed(deciding(request), request.params.slug, request.body),
  );

  app.delete(
    '/webcam-sites/:slug/status-feed',
    { schema: { ...adminRoute, summary: 'Stop polling the site', params: siteParams, response: siteResponse } },
    async (request) => sites.setStatusFeed(deciding(request), request.params.slug, null),
  );

  app.post(
    '/webcam-sites/:slug/push-secret',
    {
      schema: {
        ...adminRoute,
        summary: "A new secret for the site's signed pushes, in this answer only",
        params: siteParams,
        response: { 200: adminWebcamSiteSecretSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { site, secret } = await sites.pushSecret(deciding(request), request.params.slug, true);
      return { site, secret: secret! };
    },
  );

  app.delete(
    '/webcam-sites/:slug/push-secret',
    { schema: { ...adminRoute, summary: 'Stop taking pushes from the site', params: siteParams, response: siteResponse } },
    async (request) => (await sites.pushSecret(deciding(request), request.params.slug, false)).site,
  );
};
