import {
  appearanceDecisionRequestSchema,
  appearanceListQuerySchema,
  appearanceListSchema,
  appearanceSchema,
  declarePerformersRequestSchema,
  gridQuerySchema,
  videoListResponseSchema,
  videoPerformersSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { nextLink } from '../../lib/keyset.ts';
import { errorResponses, idParams } from '../../lib/route-schemas.ts';
import { isAdminPrincipal, optionalBearer, signedInUser, viewerOf } from '../../plugins/authenticate.ts';
import { perClientRate as limit } from '../../plugins/rate-limit-config.ts';
import type { PerformersService } from './performers.service.ts';

const errors = errorResponses(401, 403, 404, 409, 422);
const limitedErrors = errorResponses(401, 403, 404, 409, 422, 429);

/**
 * Per client address and route (counted in PostgreSQL, ADR 0003): far above what one person declaring
 * who is in their uploads, filling in releases or answering requests does in ten minutes, low enough that
 * a script repeating a write, or trying handles one after another, is stopped. The public list of a
 * creator's appearances is a grid like GET /v1/users/{id}/videos, which has none.
 */
export const PERFORMER_RATE_LIMITS = {
  /** PUT /v1/videos/{id}/performers: each declaration looks the named handles up. */
  declare: { max: 60, windowSeconds: 600 },
  /** POST /v1/videos/{id}/performers/releases: a form with up to three ID images. */
  release: { max: 20, windowSeconds: 600 },
  /** DELETE /v1/videos/{id}/performers/{performer} */
  remove: { max: 60, windowSeconds: 600 },
  /** POST /v1/profile/appearances/{id}/decision: approve, refuse, withdraw. */
  decide: { max: 60, windowSeconds: 600 },
} as const;
const bearer = [{ bearer: [] }];

/**
 * Consent of everyone depicted (ADR 0029): the uploader says who is in a video; a named creator answers
 * in their account; a creator's page lists the published videos they appear in.
 */
export const performersRoutes: FastifyPluginAsyncZod<{ performers: PerformersService }> = async (app, { performers }) => {
  app.get(
    '/videos/:id/performers',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['videos'],
        summary: 'Who the uploader said is in a video, each co-performer’s answer, and what keeps it unpublished (owner or admin)',
        security: bearer,
        params: idParams,
        response: { 200: videoPerformersSchema, ...errors },
      },
    },
    async (request) => performers.read(signedInUser(request), request.params.id, isAdminPrincipal(request)),
  );

  app.put(
    '/videos/:id/performers',
    {
      preHandler: app.requireUser,
      config: limit(PERFORMER_RATE_LIMITS.declare),
      schema: {
        tags: ['videos'],
        summary: 'Say who is in a video before it is published: only me, or verified creators by handle (releases are kept); each named creator is asked',
        description: 'A video with co-performers is published only once each approved (ADR 0029). 409 once it is published.',
        security: bearer,
        params: idParams,
        body: declarePerformersRequestSchema,
        response: { 200: videoPerformersSchema, ...limitedErrors },
      },
    },
    async (request) => performers.declare(signedInUser(request), request.params.id, request.body),
  );

  app.post(
    '/videos/:id/performers/releases',
    {
      preHandler: app.requireUser,
      config: limit(PERFORMER_RATE_LIMITS.release),
      schema: {
        tags: ['videos'],
        summary:
          'A co-performer without an account (multipart): legal_name, stage_names, date_of_birth, filmed_on, identification, identification_id, country, ' +
          'consent_filming, consent_publication, signature_name, signed_on, consent_version + images front_picture_id and back_picture_id and/or face_picture_id',
        description: 'Stored privately like identity verification; an admin reviews it before the video can be published.',
        security: bearer,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: videoPerformersSchema, ...limitedErrors, ...errorResponses(413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
      return reply.code(201).send(await performers.addRelease(signedInUser(request), request.params.id, request.parts()));
    },
  );

  app.delete(
    '/videos/:id/performers/:performer',
    {
      preHandler: app.requireUser,
      config: limit(PERFORMER_RATE_LIMITS.remove),
      schema: {
        tags: ['videos'],
        summary: 'Take a co-performer off the list before publication (one who refused, say); one who withdrew stays on the record',
        security: bearer,
        params: idParams.extend({ performer: idParams.shape.id }),
        response: { 200: videoPerformersSchema, ...limitedErrors },
      },
    },
    async (request) => performers.remove(signedInUser(request), request.params.id, request.params.performer),
  );

  app.get(
    '/profile/appearances',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Requests to appear in other creators’ videos: pending, approved, refused and withdrawn, newest first',
        security: bearer,
        querystring: appearanceListQuerySchema,
        response: { 200: appearanceListSchema, ...errors },
      },
    },
    async (request) => {
      const page = await performers.appearances(signedInUser(request), request.query);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );

  app.post(
    '/profile/appearances/:id/decision',
    {
      preHandler: app.requireUser,
      config: limit(PERFORMER_RATE_LIMITS.decide),
      schema: {
        tags: ['accounts'],
        summary: 'Approve or refuse (with an optional reason) appearing in a video; withdraw an approval (with a reason): it is unpublished at once',
        security: bearer,
        params: idParams,
        body: appearanceDecisionRequestSchema,
        response: { 200: appearanceSchema, ...limitedErrors },
      },
    },
    async (request) => performers.decide(signedInUser(request), request.params.id, request.body, request.ip),
  );

  app.get(
    '/users/:id/appearances',
    {
      schema: {
        tags: ['users'],
        summary: 'Published videos of other creators a creator appears in (approved), newest first (by id or slug)',
        security: optionalBearer,
        params: z.object({ id: z.string().min(1).max(80) }),
        querystring: gridQuerySchema,
        response: { 200: videoListResponseSchema, ...errorResponses(403, 404, 422) },
      },
    },
    async (request) => {
      const page = await performers.publicAppearances(request.params.id, request.query, viewerOf(request, request.query.guest_id));
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );
};
