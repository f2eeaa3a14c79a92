import { errorResponseSchema, feedMessages, followRequestSchema, followResponseSchema, publicProfileResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { UsersService } from './users.service.ts';

/** The feed's profile panel and the follow button (viewer.md §2 profile panel, §4, §7). */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A creator, channel or viewer as others see them, by id or slug; isFollowing needs the bearer',
        security: [{}, { bearer: [] }],
        params: z.object({ id: z.string().min(1).max(80) }),
        response: { 200: publicProfileResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await users.find(request.params.id, request.user?.id ?? null) }),
  );

  app.post(
    '/follow-model',
    {
      preHandler: app.requireUser,
      config: perClientLimit(120, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['users'],
        summary: 'Follow or unfollow a creator or channel: 201 when a follow was created, else 200 (idempotent)',
        security: [{ bearer: [] }],
        body: followRequestSchema,
        response: {
          200: followResponseSchema,
          201: followResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await users.follow(signedInUser(request).id, request.body.model_id, request.body.action);
      const message = result.isFollowing ? feedMessages.followed : feedMessages.unfollowed;
      return reply
        .code(result.created ? 201 : 200)
        .send({ message, isFollowing: result.isFollowing, totalFollowers: result.totalFollowers });
    },
  );
};
