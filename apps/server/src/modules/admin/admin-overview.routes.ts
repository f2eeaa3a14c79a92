import { adminApiDocumentSchema, adminAuditListSchema, adminAuditQuerySchema, adminOverviewSchema, type AdminApiDocument } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { nextLink } from '../../lib/keyset.ts';
import { adminErrors } from '../../lib/route-schemas.ts';
import { adminRoute } from './admin-request.ts';
import type { AdminService } from './admin.service.ts';

/** The console as a whole (ADR 0015): its API document, the queues at a glance and the audit log. */
export const adminOverviewRoutes: FastifyPluginAsyncZod<{ admins: AdminService }> = async (app, { admins }) => {
  app.get(
    '/docs/json',
    {
      schema: {
        ...adminRoute,
        summary: 'The whole OpenAPI document, the admin API included (/v1/docs leaves it out)',
        response: { 200: adminApiDocumentSchema, ...adminErrors },
      },
    },
    // An OpenAPI 3 document (plugins/openapi.ts), which @fastify/swagger's type does not tell from a Swagger 2 one.
    async () => app.swagger() as AdminApiDocument,
  );

  app.get(
    '/overview',
    {
      schema: {
        ...adminRoute,
        summary:
          'Each queue (verifications, videos to review, open reports, failed videos, held videos and how many urgent, co-performer releases) with its size and oldest item',
        response: { 200: adminOverviewSchema, ...adminErrors },
      },
    },
    async () => admins.overview(),
  );

  app.get(
    '/audit',
    {
      schema: {
        ...adminRoute,
        summary: 'Every admin decision, newest first: who, when, what, before and after; filter by target or action',
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListSchema, ...adminErrors },
      },
    },
    async (request) => {
      const page = await admins.audit(request.query);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );
};
