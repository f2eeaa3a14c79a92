import {
  dataExportLinkRequestSchema,
  dataExportLinkResponseSchema,
  dataExportStateSchema,
  deletionRequestSchema,
  deletionScheduledResponseSchema,
  deletionSummarySchema,
  deletionTokenRequestSchema,
  errorResponseSchema,
  loginResponseSchema,
  personalDataMessages,
} from '@flick/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';
import type { DataExports } from './data-export.ts';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** Only the person themselves: never a studio manager acting for a member (the plugin refuses it first; this is the second lock). */
function owner(request: FastifyRequest) {
  if (request.actingManager) throw new HttpError(403, personalDataMessages.notForStudios);
  return signedInUser(request);
}

/** A person's data is theirs (issue 31, ADR 0031): deleting the account, and downloading what we hold. */
export const personalDataRoutes: FastifyPluginAsyncZod<{ deletion: AccountDeletionService; exports: DataExports }> = async (app, { deletion, exports }) => {
  app.get(
    '/account/deletion',
    {
      schema: {
        tags: ['accounts'],
        summary: 'What deleting the account removes, what the law keeps, and what this account has',
        security: [{ bearer: [] }],
        response: { 200: deletionSummarySchema, ...errors },
      },
    },
    async (request) => deletion.summary(owner(request)),
  );

  app.post(
    '/account/deletion',
    {
      // A stolen session must not guess the password here faster than at sign-in.
      config: perClientLimit(10, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'Delete the account (password required): hidden and signed out everywhere at once, purged after the grace period',
        security: [{ bearer: [] }],
        body: deletionRequestSchema,
        response: { 200: deletionScheduledResponseSchema, ...errors },
      },
    },
    async (request) => deletion.request(owner(request), request.body.password),
  );

  app.post(
    '/account/deletion/keep',
    {
      config: perClientLimit(20, 3600),
      schema: {
        tags: ['accounts'],
        summary: "Keep an account scheduled for deletion, with the token of the sign-in's 409 answer; signs in",
        body: deletionTokenRequestSchema.extend({ remember_me: z.boolean().default(false) }),
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => deletion.keep(request.body.token, request.body.remember_me),
  );

  app.post(
    '/account/deletion/banned',
    {
      config: perClientLimit(20, 3600),
      schema: {
        tags: ['accounts'],
        summary: "Delete a banned account, with the token of the sign-in's 403 answer (the ban stays on record)",
        body: deletionTokenRequestSchema,
        response: { 200: deletionScheduledResponseSchema, ...errors },
      },
    },
    async (request) => deletion.requestBanned(request.body.token),
  );

  app.get(
    '/account/export',
    {
      schema: {
        tags: ['accounts'],
        summary: "The state of the account's data export: none, preparing, or ready until a date",
        security: [{ bearer: [] }],
        response: { 200: dataExportStateSchema, ...errors },
      },
    },
    async (request) => exports.state(owner(request).id),
  );

  app.post(
    '/account/export',
    {
      config: perClientLimit(10, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'Ask for an archive of everything we hold about the account; a job builds it and mails a link (one at a time, one a day)',
        security: [{ bearer: [] }],
        response: { 202: dataExportStateSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await exports.request(owner(request).id)),
  );

  app.post(
    '/account/export/link',
    {
      config: perClientLimit(30, 3600),
      schema: {
        tags: ['accounts'],
        summary: "A one-minute address of the owner's ready archive (with the mailed link's token: only that archive)",
        security: [{ bearer: [] }],
        body: dataExportLinkRequestSchema.partial(),
        response: { 200: dataExportLinkResponseSchema, ...errors },
      },
    },
    async (request) => exports.link(owner(request).id, request.body.token),
  );

  app.get(
    '/account/export/file/:ticket',
    {
      config: perClientLimit(30, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'Download the archive with a ticket from /account/export/link (once, within a minute)',
        params: z.object({ ticket: z.string().min(10).max(200) }),
        response: { 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { stream, size } = await exports.open(request.params.ticket);
      void reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="flick-data.zip"')
        .header('cache-control', 'private, no-store');
      if (size !== null) void reply.header('content-length', String(size));
      return reply.send(stream as never);
    },
  );
};
