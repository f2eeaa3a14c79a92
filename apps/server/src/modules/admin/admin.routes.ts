import {
  accountMessages,
  adminAuditEntrySchema,
  adminApiDocumentSchema,
  type AdminApiDocument,
  adminAuditQuerySchema,
  adminChannelCreateSchema,
  adminContestCreateSchema,
  adminContestOrderSchema,
  adminContestSchema,
  adminContestUpdateSchema,
  adminPageSchema,
  adminPageSummarySchema,
  adminPageUpdateSchema,
  adminSearchMissSchema,
  adminStudioCreateSchema,
  adminStudioKeySchema,
  adminStudioSchema,
  adminVerificationRecordSchema,
  adminWebcamSiteCreateSchema,
  adminWebcamSiteFeedSchema,
  adminWebcamSiteOrderSchema,
  adminWebcamSiteSchema,
  adminWebcamSiteSecretSchema,
  adminWebcamSiteUpdateSchema,
  webcamSiteSlugSchema,
  WEBCAM_SITE_ICON_MAX_BYTES,
  WEBCAM_SITE_ICON_TYPES,
  pageParamsSchema,
  adminBanSchema,
  adminMessages,
  adminPeopleQuerySchema,
  adminPersonSchema,
  adminReasonSchema,
  adminReportDecisionSchema,
  adminReportGroupSchema,
  adminRoleSchema,
  adminVideoDecisionResponseSchema,
  adminVideoDecisionSchema,
  adminVideoListQuerySchema,
  adminVideoSchema,
  ADMIN_BULK_MAX,
  adminOverviewSchema,
  adminVerificationDecisionSchema,
  adminVerificationSchema,
  adminVerificationSummarySchema,
  errorResponseSchema,
  listResponseSchema,
} from '@flick/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nextLink } from '../../lib/keyset.ts';
import { isAdminPrincipal } from '../../plugins/authenticate.ts';
import type { AdminContent } from './admin-content.service.ts';
import type { AdminModeration } from './admin-moderation.service.ts';
import type { AdminPeople } from './admin-people.service.ts';
import type { AdminSites } from './admin-sites.ts';
import { adminAdsRoutes, type AdminAdsOptions } from './admin-ads.routes.ts';
import type { AdminService } from './admin.service.ts';
import { adminErrors, idParams } from '../../lib/route-schemas.js';

const errors = adminErrors;
const siteParams = z.object({ slug: webcamSiteSlugSchema });
/** An icon upload is the picture itself as the body; a little over the limit so the service names it. */
const ICON_BODY_LIMIT = WEBCAM_SITE_ICON_MAX_BYTES + 1024;

/** 401 for a guest, 403 for any account without the admin role: every admin route's first check. */
async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, accountMessages.unauthenticated);
  if (!isAdminPrincipal(request)) throw new HttpError(403, adminMessages.forAdmins);
}
const admin = (request: FastifyRequest): UserRow => request.user!;

/** Issue 15: the admin console's API, all under /v1/admin. */
export const adminRoutes: FastifyPluginAsyncZod<{
  admins: AdminService;
  people: AdminPeople;
  moderation: AdminModeration;
  content: AdminContent;
  sites: AdminSites;
  adsAdmin: AdminAdsOptions;
}> = async (app, { admins, people, moderation, content, sites, adsAdmin }) => {
  app.addHook('onRequest', requireAdmin);
  // Nothing an admin reads may sit in a shared or browser cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  await app.register(adminAdsRoutes, adsAdmin);

  app.get(
    '/docs/json',
    { schema: { ...common, summary: 'The whole OpenAPI document, the admin API included (/v1/docs leaves it out)', response: { 200: adminApiDocumentSchema, ...errors } } },
    // An OpenAPI 3 document (plugins/openapi.ts), which @fastify/swagger's type does not tell from a Swagger 2 one.
    async () => app.swagger() as AdminApiDocument,
  );

  app.get(
    '/overview',
    { schema: { ...common, summary: 'Each queue (verifications, videos to review, open reports, failed videos) with its size and oldest item', response: { 200: adminOverviewSchema, ...errors } } },
    async () => admins.overview(),
  );

  app.get(
    '/verifications',
    {
      schema: {
        ...common,
        summary: 'Identity verification requests in one status: pending oldest first, decided newest first',
        querystring: z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') }),
        response: { 200: z.object({ data: z.array(adminVerificationSummarySchema) }), ...errors },
      },
    },
    async (request) => ({ data: await admins.verifications(request.query.status) }),
  );

  app.get(
    '/verifications/:id',
    { schema: { ...common, summary: 'One request: legal details, its images (admin-only URLs) and its decision', params: idParams, response: { 200: adminVerificationSchema, ...errors } } },
    async (request) => admins.verification(request.params.id),
  );

  app.get(
    '/verifications/:id/files/:index',
    {
      schema: {
        ...common,
        summary: 'An ID image of a request, to admins only (never cached, never a static path)',
        params: idParams.extend({ index: z.coerce.number().int().min(0).max(9) }),
        response: { 404: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const file = await admins.verificationFile(request.params.id, request.params.index);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        // Bytes go out as they are (Fastify serializes no Buffer); the cast only quiets the JSON reply types.
        .send(file.data as never);
    },
  );

  app.post(
    '/verifications/:id/decision',
    {
      schema: {
        ...common,
        summary: 'Approve, or reject with a reason the creator sees; 409 when the request was already decided',
        params: idParams,
        body: adminVerificationDecisionSchema,
        response: { 200: adminVerificationSchema, ...errors },
      },
    },
    async (request) => admins.decideVerification(admin(request), request.params.id, request.body.decision, request.body.reason),
  );

  app.get(
    '/users',
    {
      schema: {
        ...common,
        summary: 'People: accounts by e-mail, username or name (newest first), with type, verification, studio, videos and reports',
        querystring: adminPeopleQuerySchema,
        response: { 200: z.object({ data: z.array(adminPersonSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await people.search(request.query.query) }),
  );

  app.get(
    '/users/:id',
    { schema: { ...common, summary: 'One account as People shows it', params: idParams, response: { 200: adminPersonSchema, ...errors } } },
    async (request) => people.person(request.params.id),
  );

  app.post(
    '/users/:id/ban',
    {
      schema: {
        ...common,
        summary: 'Ban: signs the account out everywhere, hides its profile and videos, refuses its sign-in (409 when already banned)',
        params: idParams,
        body: adminBanSchema,
        response: { 200: adminPersonSchema, ...errors },
      },
    },
    async (request) => people.ban(admin(request), request.params.id, request.body.reason),
  );

  app.post(
    '/users/:id/unban',
    { schema: { ...common, summary: 'Lift a ban: sign-in allowed, the videos the ban hid shown again', params: idParams, response: { 200: adminPersonSchema, ...errors } } },
    async (request) => people.unban(admin(request), request.params.id),
  );

  app.post(
    '/users/:id/admin',
    {
      schema: {
        ...common,
        summary: "Make an account an admin ({isAdmin: true}) or revoke it; never one's own",
        params: idParams,
        body: adminRoleSchema,
        response: { 200: adminPersonSchema, ...errors },
      },
    },
    async (request) => people.setAdmin(admin(request), request.params.id, request.body.isAdmin),
  );

  app.get(
    '/videos',
    {
      schema: {
        ...common,
        summary: 'Moderation queues: review (oldest first), published, hidden, failed; each video playable in place, with its creator and open reports',
        querystring: adminVideoListQuerySchema,
        response: { 200: listResponseSchema(adminVideoSchema), ...errors },
      },
    },
    async (request) => {
      const page = await moderation.list(request.query.queue, request.query.cursor);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );

  app.get(
    '/videos/:id',
    { schema: { ...common, summary: 'One video as moderation shows it', params: idParams, response: { 200: adminVideoSchema, ...errors } } },
    async (request) => moderation.one(request.params.id),
  );

  app.post(
    '/videos/decision',
    {
      schema: {
        ...common,
        summary: `Approve or reject up to ${ADMIN_BULK_MAX} videos waiting for review (a reason to reject); each says whether it was decided here`,
        body: adminVideoDecisionSchema,
        response: { 200: adminVideoDecisionResponseSchema, ...errors },
      },
    },
    async (request) => moderation.decide(admin(request), request.body.ids, request.body.decision, request.body.reason),
  );

  app.post(
    '/videos/:id/take-down',
    {
      schema: {
        ...common,
        summary: 'Take a published video down: hidden at once from every list and start route, kept for an appeal (409 when it already is)',
        params: idParams,
        body: adminReasonSchema,
        response: { 200: adminVideoSchema, ...errors },
      },
    },
    async (request) => moderation.takeDown(admin(request), request.params.id, request.body.reason),
  );

  app.post(
    '/videos/:id/restore',
    { schema: { ...common, summary: 'Show a taken-down or reported video again', params: idParams, response: { 200: adminVideoSchema, ...errors } } },
    async (request) => moderation.restore(admin(request), request.params.id),
  );

  app.get(
    '/reports',
    {
      schema: {
        ...common,
        summary: 'Reports grouped by video: open ones (urgent first, then oldest) with their age in business days, or closed ones',
        querystring: z.object({ state: z.enum(['open', 'closed']).default('open') }),
        response: { 200: z.object({ data: z.array(adminReportGroupSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await moderation.reports(request.query.state) }),
  );

  app.post(
    '/reports/:id/decision',
    {
      schema: {
        ...common,
        summary: "Close a video's open reports: dismiss, take the video down, or ban its creator (409 when already handled)",
        params: idParams,
        body: adminReportDecisionSchema,
        response: { 200: adminVideoSchema, ...errors },
      },
    },
    async (request) => moderation.decideReports(admin(request), request.params.id, request.body.decision, request.body.reason),
  );

  app.get(
    '/pages',
    { schema: { ...common, summary: 'The static pages', response: { 200: z.object({ data: z.array(adminPageSummarySchema) }), ...errors } } },
    async () => ({ data: await content.pages() }),
  );

  app.get(
    '/pages/:slug',
    { schema: { ...common, summary: 'A static page with its stored (sanitized) HTML', params: pageParamsSchema, response: { 200: adminPageSchema, ...errors } } },
    async (request) => content.page(request.params.slug),
  );

  app.put(
    '/pages/:slug',
    {
      schema: {
        ...common,
        summary: 'Replace a static page: the HTML is sanitized as it is stored, and the answer is what was stored',
        params: pageParamsSchema,
        body: adminPageUpdateSchema,
        response: { 200: adminPageSchema, ...errors },
      },
    },
    async (request) => content.savePage(admin(request), request.params.slug, request.body.title, request.body.html),
  );

  app.get(
    '/contests',
    { schema: { ...common, summary: "Creators' contests, running first", response: { 200: z.object({ data: z.array(adminContestSchema) }), ...errors } } },
    async () => ({ data: await content.contests() }),
  );

  app.post(
    '/contests',
    { schema: { ...common, summary: "A contest on a creator's profile (HTML sanitized), last in their order", body: adminContestCreateSchema, response: { 200: adminContestSchema, ...errors } } },
    async (request) => content.createContest(admin(request), request.body),
  );

  app.post(
    '/contests/:id',
    { schema: { ...common, summary: 'Edit, reorder, end or reopen a contest', params: idParams, body: adminContestUpdateSchema, response: { 200: adminContestSchema, ...errors } } },
    async (request) => content.updateContest(admin(request), request.params.id, request.body),
  );

  app.post(
    '/contests/order',
    {
      schema: {
        ...common,
        summary: "One creator's contests in a new order, all at once (each of their contests exactly once)",
        body: adminContestOrderSchema,
        response: { 200: z.object({ data: z.array(adminContestSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await content.reorderContests(admin(request), request.body.userId, request.body.ids) }),
  );

  app.get(
    '/webcam-sites',
    { schema: { ...common, summary: "The webcam sites in Discover's order, with their live status feeds", response: { 200: z.object({ data: z.array(adminWebcamSiteSchema) }), ...errors } } },
    async () => ({ data: await sites.list() }),
  );

  app.post(
    '/webcam-sites',
    { schema: { ...common, summary: 'A new webcam site, last in the order', body: adminWebcamSiteCreateSchema, response: { 200: adminWebcamSiteSchema, ...errors } } },
    async (request) => sites.create(admin(request), request.body),
  );

  app.post(
    '/webcam-sites/order',
    {
      schema: { ...common, summary: 'Every site in a new order (each exactly once)', body: adminWebcamSiteOrderSchema, response: { 200: z.object({ data: z.array(adminWebcamSiteSchema) }), ...errors } },
    },
    async (request) => ({ data: await sites.reorder(admin(request), request.body.slugs) }),
  );

  app.post(
    '/webcam-sites/:slug',
    { schema: { ...common, summary: "Edit a site's name or hosts", params: siteParams, body: adminWebcamSiteUpdateSchema, response: { 200: adminWebcamSiteSchema, ...errors } } },
    async (request) => sites.update(admin(request), request.params.slug, request.body),
  );

  app.delete(
    '/webcam-sites/:slug',
    { schema: { ...common, summary: 'Remove a site (its icon file goes too)', params: siteParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await sites.remove(admin(request), request.params.slug);
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
        schema: { ...common, summary: "A site's icon: the picture as the body, made into our own square WebP", params: siteParams, response: { 200: adminWebcamSiteSchema, ...errors } },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new HttpError(422, adminMessages.iconType);
        return sites.setIcon(admin(request), request.params.slug, request.body);
      },
    );
  });

  app.delete(
    '/webcam-sites/:slug/icon',
    { schema: { ...common, summary: "Back to the site's drawn initial", params: siteParams, response: { 200: adminWebcamSiteSchema, ...errors } } },
    async (request) => sites.setIcon(admin(request), request.params.slug, null),
  );

  app.put(
    '/webcam-sites/:slug/status-feed',
    {
      schema: { ...common, summary: 'Where the site says who is online (polled, ADR 0012)', params: siteParams, body: adminWebcamSiteFeedSchema, response: { 200: adminWebcamSiteSchema, ...errors } },
    },
    async (request) => sites.setStatusFeed(admin(request), request.params.slug, request.body),
  );

  app.delete(
    '/webcam-sites/:slug/status-feed',
    { schema: { ...common, summary: 'Stop polling the site', params: siteParams, response: { 200: adminWebcamSiteSchema, ...errors } } },
    async (request) => sites.setStatusFeed(admin(request), request.params.slug, null),
  );

  app.post(
    '/webcam-sites/:slug/push-secret',
    {
      schema: { ...common, summary: "A new secret for the site's signed pushes, in this answer only", params: siteParams, response: { 200: adminWebcamSiteSecretSchema, ...errors } },
    },
    async (request) => {
      const { site, secret } = await sites.pushSecret(admin(request), request.params.slug, true);
      return { site, secret: secret! };
    },
  );

  app.delete(
    '/webcam-sites/:slug/push-secret',
    { schema: { ...common, summary: 'Stop taking pushes from the site', params: siteParams, response: { 200: adminWebcamSiteSchema, ...errors } } },
    async (request) => (await sites.pushSecret(admin(request), request.params.slug, false)).site,
  );

  app.get(
    '/studios',
    { schema: { ...common, summary: 'Studios with their members and managers', response: { 200: z.object({ data: z.array(adminStudioSchema) }), ...errors } } },
    async () => ({ data: await content.studios() }),
  );

  app.post(
    '/studios',
    { schema: { ...common, summary: 'A studio and its first manager; the join key is in this answer only', body: adminStudioCreateSchema, response: { 200: adminStudioKeySchema, ...errors } } },
    async (request) => content.createStudio(admin(request), request.body),
  );

  app.post(
    '/studios/:id/rotate-key',
    { schema: { ...common, summary: 'A new join key (in this answer only); the old one stops working, members stay', params: idParams, response: { 200: adminStudioKeySchema, ...errors } } },
    async (request) => content.rotateStudioKey(admin(request), request.params.id),
  );

  app.post(
    '/channels',
    { schema: { ...common, summary: 'Create a channel account', body: adminChannelCreateSchema, response: { 200: adminPersonSchema, ...errors } } },
    async (request) => content.createChannel(admin(request), request.body),
  );

  app.get(
    '/searches/misses',
    { schema: { ...common, summary: 'Searches that found nothing in the last 30 days, most asked first', response: { 200: z.object({ data: z.array(adminSearchMissSchema) }), ...errors } } },
    async () => ({ data: await content.searchMisses() }),
  );

  app.get(
    '/verifications/records',
    {
      schema: {
        ...common,
        summary: "Verification records for an inspection (§2257): one creator's (user_id), or every approved creator's",
        querystring: z.object({ user_id: z.coerce.number().int().positive().optional() }),
        response: { 200: z.object({ data: z.array(adminVerificationRecordSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await content.verificationRecords(request.query.user_id) }),
  );

  app.get(
    '/audit',
    {
      schema: {
        ...common,
        summary: 'Every admin decision, newest first: who, when, what, before and after; filter by target or action',
        querystring: adminAuditQuerySchema,
        response: { 200: listResponseSchema(adminAuditEntrySchema), ...errors },
      },
    },
    async (request) => {
      const page = await admins.audit(request.query);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );
};
