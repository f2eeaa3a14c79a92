import {
  channelListResponseSchema,
  errorResponseSchema,
  feedMessages,
  followRequestSchema,
  followResponseSchema,
  publicProfileResponseSchema,
  usersListQuerySchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextLink } from '../../lib/keyset.ts';
import { signedInUser, viewerOf } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { UsersService } from './users.service.ts';

/** The feed's profile panel, the follow button and the channels grid (viewer.md §2 profile panel, Channels, §4, §7). */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'The channels (type=channel), most followed first: cover, avatar, name, colour, published videos and followers',
        querystring: usersListQuerySchema,
        response: { 200: channelListResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const page = await users.channels(request.query, viewerOf(request, undefined));
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'A creator or channel as others see them, by id or slug (any other account: to itself only); isFollowing needs the bearer',
        security: [{}, { bearer: [] }],
        params: z.object({ id: z.string().min(1).max(80) }),
        response: { 200: publicProfileResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await users.find(request.params.id, viewerOf(request, undefined)) }),
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
      return reply.code(result.created ? 201 : 200).send({ message, isFollowing: result.isFollowing, totalFollowers: result.totalFollowers });
    },
  );
};
