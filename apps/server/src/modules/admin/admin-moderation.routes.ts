import {
  ADMIN_BULK_MAX,
  adminReasonSchema,
  adminReportDecisionSchema,
  adminReportListQuerySchema,
  adminReportListSchema,
  adminVideoDecisionResponseSchema,
  adminVideoDecisionSchema,
  adminVideoListQuerySchema,
  adminVideoListSchema,
  adminVideoSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nextLink } from '../../lib/keyset.ts';
import { adminErrors, idParams } from '../../lib/route-schemas.ts';
import type { AdminModeration } from './admin-moderation.service.ts';
import { adminRoute, deciding } from './admin-request.ts';

const videoResponse = { 200: adminVideoSchema, ...adminErrors };

/** Moderation in the console (ADR 0015): the video queues, take-downs and restores, and reports grouped by video. */
export const adminModerationRoutes: FastifyPluginAsyncZod<{ moderation: AdminModeration }> = async (app, { moderation }) => {
  app.get(
    '/videos',
    {
      schema: {
        ...adminRoute,
        summary: 'Moderation queues: review (oldest first), published, hidden, failed; each video playable in place, with its creator and open reports',
        querystring: adminVideoListQuerySchema,
        response: { 200: adminVideoListSchema, ...adminErrors },
      },
    },
    async (request) => {
      const page = await moderation.list(request.query.queue, request.query.cursor);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );

  app.get('/videos/:id', { schema: { ...adminRoute, summary: 'One video as moderation shows it', params: idParams, response: videoResponse } }, async (request) =>
    moderation.one(request.params.id),
  );

  app.post(
    '/videos/decision',
    {
      schema: {
        ...adminRoute,
        summary: `Approve or reject up to ${ADMIN_BULK_MAX} videos waiting for review (a reason to reject); each says whether it was decided here`,
        body: adminVideoDecisionSchema,
        response: { 200: adminVideoDecisionResponseSchema, ...adminErrors },
      },
    },
    async (request) => moderation.decide(deciding(request), request.body.ids, request.body.decision, request.body.reason),
  );

  app.post(
    '/videos/:id/take-down',
    {
      schema: {
        ...adminRoute,
        summary: 'Take a published video down: hidden at once from every list and start route, kept for an appeal (409 when it already is)',
        params: idParams,
        body: adminReasonSchema,
        response: videoResponse,
      },
    },
    async (request) => moderation.takeDown(deciding(request), request.params.id, request.body.reason),
  );

  app.post(
    '/videos/:id/restore',
    { schema: { ...adminRoute, summary: 'Show a taken-down or reported video again', params: idParams, response: videoResponse } },
    async (request) => moderation.restore(deciding(request), request.params.id),
  );

  app.get(
    '/reports',
    {
      schema: {
        ...adminRoute,
        summary: 'Reports grouped by video: open ones (urgent first, then oldest) with their age in business days, or closed ones',
        querystring: adminReportListQuerySchema,
        response: { 200: adminReportListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await moderation.reports(request.query.state) }),
  );

  app.post(
    '/reports/:id/decision',
    {
      schema: {
        ...adminRoute,
        summary: "Close a video's open reports: dismiss, take the video down, or ban its creator (409 when already handled)",
        params: idParams,
        body: adminReportDecisionSchema,
        response: videoResponse,
      },
    },
    async (request) => moderation.decideReports(deciding(request), request.params.id, request.body.decision, request.body.reason),
  );
};
