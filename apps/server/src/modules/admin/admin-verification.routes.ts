import {
  adminRecordExportSchema,
  adminRecordsQuerySchema,
  adminVerificationDecisionSchema,
  adminVerificationListQuerySchema,
  adminVerificationListSchema,
  adminVerificationSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.ts';
import type { AdminContent } from './admin-content.service.ts';
import { adminRoute, deciding } from './admin-request.ts';
import type { AdminService } from './admin.service.ts';

/** Identity verification in the console (ADR 0015): the queue, a request's images, the decision, and the records for an inspection. */
export const adminVerificationRoutes: FastifyPluginAsyncZod<{ admins: AdminService; content: AdminContent }> = async (app, { admins, content }) => {
  app.get(
    '/verifications',
    {
      schema: {
        ...adminRoute,
        summary: 'Identity verification requests in one status: pending oldest first, decided newest first',
        querystring: adminVerificationListQuerySchema,
        response: { 200: adminVerificationListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await admins.verifications(request.query.status) }),
  );

  app.get(
    '/verifications/:id',
    {
      schema: {
        ...adminRoute,
        summary: 'One request: legal details, its images (admin-only URLs) and its decision',
        params: idParams,
        response: { 200: adminVerificationSchema, ...adminErrors },
      },
    },
    async (request) => admins.verification(request.params.id),
  );

  app.get(
    '/verifications/:id/files/:index',
    {
      schema: {
        ...adminRoute,
        summary: 'An ID image of a request, to admins only (never cached, never a static path)',
        params: idParams.extend({ index: z.coerce.number().int().min(0).max(9) }),
        response: errorResponses(401, 403, 404),
      },
    },
    async (request, reply) => {
      const file = await admins.verificationFile(request.params.id, request.params.index);
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
    '/verifications/:id/decision',
    {
      schema: {
        ...adminRoute,
        summary: 'Approve, or reject with a reason the creator sees; 409 when the request was already decided',
        params: idParams,
        body: adminVerificationDecisionSchema,
        response: { 200: adminVerificationSchema, ...adminErrors },
      },
    },
    async (request) => admins.decideVerification(deciding(request), request.params.id, request.body.decision, request.body.reason),
  );

  app.get(
    '/verifications/records',
    {
      schema: {
        ...adminRoute,
        summary:
          "Records for an inspection (§2257): one creator's (user_id), or every approved creator's, and for each video everyone depicted in it " +
          '(uploader, named creators, releases) with their record; video_id: one video',
        querystring: adminRecordsQuerySchema,
        response: { 200: adminRecordExportSchema, ...adminErrors },
      },
    },
    async (request) => content.recordExport(request.query),
  );
};
