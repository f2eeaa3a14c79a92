import { adminReleaseDecisionSchema, adminReleaseListQuerySchema, adminReleaseListSchema, adminReleaseSchema, adminReleaseWithdrawSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.ts';
import type { ReleasesService } from '../performers/releases.service.ts';
import { perClientRate as limit } from '../../plugins/rate-limit-config.ts';
import { adminOnly, adminRoute, deciding } from './admin-request.ts';

/**
 * Per client address (ADR 0003): a reviewer looks at the ID images before each decision, and a withdrawal
 * comes by e-mail now and then; a script replaying a decision with an admin's token is stopped.
 */
export const RELEASE_REVIEW_RATE_LIMITS = {
  decide: { max: 120, windowSeconds: 600 },
  withdraw: { max: 30, windowSeconds: 600 },
} as const;

/**
 * Co-performer releases in the console (ADR 0029), under /v1/admin: the queue, a release's record and ID
 * images (admins only, never cached), the decision, and a withdrawal of consent the person asked for.
 */
export const adminPerformersRoutes: FastifyPluginAsyncZod<{ releases: ReleasesService }> = async (app, { releases }) => {
  adminOnly(app);

  app.get(
    '/performer-releases',
    {
      schema: {
        ...adminRoute,
        summary: 'Co-performer releases in one status: pending oldest first, the others newest first',
        querystring: adminReleaseListQuerySchema,
        response: { 200: adminReleaseListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await releases.list(request.query.status) }),
  );

  app.get(
    '/performer-releases/:id',
    {
      schema: {
        ...adminRoute,
        summary: 'One release: legal details, the signed consent, its ID images (admin-only URLs) and its decision',
        params: idParams,
        response: { 200: adminReleaseSchema, ...adminErrors },
      },
    },
    async (request) => releases.release(request.params.id),
  );

  app.get(
    '/performer-releases/:id/files/:index',
    {
      schema: {
        ...adminRoute,
        summary: 'An ID image of a release, to admins only (never cached, never a static path)',
        params: idParams.extend({ index: z.coerce.number().int().min(0).max(9) }),
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await releases.file(request.params.id, request.params.index);
      return (
        reply
          .header('content-type', file.type)
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'same-origin')
          // Bytes go out as they are (Fastify serializes no Buffer); the cast only quiets the JSON reply types.
          .send(file.data as never)
      );
    },
  );

  app.post(
    '/performer-releases/:id/decision',
    {
      config: limit(RELEASE_REVIEW_RATE_LIMITS.decide),
      schema: {
        ...adminRoute,
        summary: 'Approve, or reject with a reason the uploader sees; the video publishes once everyone in it approved; 409 once decided',
        params: idParams,
        body: adminReleaseDecisionSchema,
        response: { 200: adminReleaseSchema, ...adminErrors, ...errorResponses(429) },
      },
    },
    async (request) => releases.decide(deciding(request), request.params.id, request.body.decision, request.body.reason),
  );

  app.post(
    '/performer-releases/:id/withdraw',
    {
      config: limit(RELEASE_REVIEW_RATE_LIMITS.withdraw),
      schema: {
        ...adminRoute,
        summary: 'The person asked to withdraw their consent: the video is unpublished at once and an urgent removal request is filed',
        params: idParams,
        body: adminReleaseWithdrawSchema,
        response: { 200: adminReleaseSchema, ...adminErrors, ...errorResponses(429) },
      },
    },
    async (request) => releases.withdraw(deciding(request), request.params.id, request.body.reason, request.ip),
  );
};
