import {
  adminHashListImportResponseSchema,
  adminHashListImportSchema,
  adminHeldListSchema,
  adminHoldReleaseResponseSchema,
  adminHoldReleaseSchema,
  adminReasonSchema,
  adminVideoSchema,
  HASH_LIST_MAX_BYTES,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, errorResponses, idParams } from '../../lib/route-schemas.ts';
import { perClientRate as limit } from '../../plugins/rate-limit-config.ts';
import type { AdminHolds } from './admin-holds.service.ts';
import { adminRoute, deciding } from './admin-request.ts';

/**
 * Per client address (ADR 0003): a moderator going down the held queue decides one video at a time, and a
 * hash list (up to 8 MB of text) comes now and then; a script replaying them with an admin's token is stopped.
 */
export const HOLD_RATE_LIMITS = {
  release: { max: 120, windowSeconds: 600 },
  takeDown: { max: 120, windowSeconds: 600 },
  hashList: { max: 10, windowSeconds: 3600 },
} as const;
const limitedErrors = { ...adminErrors, ...errorResponses(429) };

/** Held videos in the console: the queue of open holds, release, take-down, and the import of known-bad hash lists. */
export const adminHoldsRoutes: FastifyPluginAsyncZod<{ holds: AdminHolds }> = async (app, { holds }) => {
  app.get(
    '/holds',
    {
      schema: {
        ...adminRoute,
        summary:
          'Videos held for a moderator (a fingerprint match, withdrawn consent), urgent first: each with all its open holds, the video each matched, and its uploader',
        response: { 200: adminHeldListSchema, ...adminErrors },
      },
    },
    async () => ({ data: await holds.list() }),
  );

  app.post(
    '/holds/:id/release',
    {
      config: limit(HOLD_RATE_LIMITS.release),
      schema: {
        ...adminRoute,
        summary: 'Release a fingerprint hold (409 when it is not open); the last one released publishes the video as moderation allows',
        params: idParams,
        body: adminHoldReleaseSchema,
        response: { 200: adminHoldReleaseResponseSchema, ...limitedErrors },
      },
    },
    async (request) => holds.release(deciding(request), request.params.id, request.body.kind),
  );

  app.post(
    '/holds/:id/take-down',
    {
      config: limit(HOLD_RATE_LIMITS.takeDown),
      schema: {
        ...adminRoute,
        summary: 'Take a held video down for good: rejected with the reason its uploader reads, its fingerprint counted as removed (409 when it is not held)',
        params: idParams,
        body: adminReasonSchema,
        response: { 200: adminVideoSchema, ...limitedErrors },
      },
    },
    async (request) => holds.takeDown(deciding(request), request.params.id, request.body.reason),
  );

  app.post(
    '/hash-lists',
    {
      // The list's text is the body: larger than the API's usual megabyte.
      bodyLimit: HASH_LIST_MAX_BYTES + 64 * 1024,
      config: limit(HOLD_RATE_LIMITS.hashList),
      schema: {
        ...adminRoute,
        summary: 'Import a list of known-bad hashes (hex, one a line): every upload matching one is quarantined for admins and flagged urgent',
        body: adminHashListImportSchema,
        response: { 201: adminHashListImportResponseSchema, ...limitedErrors, ...errorResponses(413) },
      },
    },
    async (request, reply) => reply.code(201).send(await holds.importHashList(deciding(request), request.body.name, request.body.text)),
  );
};
