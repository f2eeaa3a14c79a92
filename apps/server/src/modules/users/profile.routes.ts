import { errorResponseSchema, profileResponseSchema, profileUpdateResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { toProfileUser } from './profile-user.ts';
import { profileService } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncZod<{ db: Database; auth: AuthService }> = async (app, { db, auth }) => {
  const profile = profileService(db, auth);

  app.get(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in account',
        security: [{ bearer: [] }],
        response: { 200: profileResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ user: toProfileUser(signedInUser(request)) }),
  );

  app.post(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary:
          'Change one thing: {name, username?, description?, phone_number?} | {gender} | ' +
          '{current_password, password, password_confirmation} | {color} (channels) | {preference}',
        security: [{ bearer: [] }],
        body: z.record(z.string(), z.unknown()),
        response: { 200: profileUpdateResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const result = await profile.update(user, request.authTokenId, request.body);
      return { message: result.message, user: toProfileUser(result.user ?? user) };
    },
  );
};
