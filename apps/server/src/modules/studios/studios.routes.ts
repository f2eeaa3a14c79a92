import { errorResponseSchema, feedMessages, joinStudioRequestSchema, messageResponseSchema, studioConsoleResponseSchema, studioResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { StudiosService } from './studios.service.ts';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** accounts.md §7 studio calls, and the console of a studio's managers (ADR 0014). */
export const studiosRoutes: FastifyPluginAsyncZod<{ studios: StudiosService }> = async (app, { studios }) => {
  app.get(
    '/profile/studio',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The studio managing the signed-in creator: 200 {name}, or 404 when none does',
        security: [{ bearer: [] }],
        response: { 200: studioResponseSchema, ...errors },
      },
    },
    async (request) => studios.ofMember(signedInUser(request)),
  );

  app.post(
    '/profile/join-studio',
    {
      preHandler: app.requireUser,
      // A key is ~99 random bits; the limit is against guessing all the same.
      config: perClientLimit(10, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['accounts'],
        summary: "Join a studio with its key: it may then manage the creator's profile and videos (422 'Invalid key'; 409 when in another studio)",
        security: [{ bearer: [] }],
        body: joinStudioRequestSchema,
        response: { 200: studioResponseSchema, ...errors },
      },
    },
    async (request) => studios.join(signedInUser(request), request.body.key),
  );

  app.post(
    '/profile/leave-studio',
    {
      preHandler: app.requireUser,
      config: perClientLimit(30, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['accounts'],
        summary: 'Leave the studio: its managers lose access to the account at once (404 when in none)',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => studios.leave(signedInUser(request)),
  );

  app.get(
    '/studio',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'For a studio manager: the studio, its member creators with their key numbers, and the latest actions taken for them',
        security: [{ bearer: [] }],
        response: { 200: studioConsoleResponseSchema, ...errors },
      },
    },
    async (request) => studios.console(signedInUser(request)),
  );
};
