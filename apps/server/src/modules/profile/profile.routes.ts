import {
  errorResponseSchema,
  feedMessages,
  followedModelListResponseSchema,
  IMPORTANT_LINKS_MAX,
  linkChangeResponseSchema,
  linkIdParamsSchema,
  linkImportantRequestSchema,
  STATS_DEFAULT_DAYS,
  STATS_MAX_MONTHS_BACK,
  statsRequestSchema,
  statsResponseSchema,
  studioMessages,
  ownProfileResponseSchema,
  ownProfileUpdateResponseSchema,
  PROFILE_IMAGE_MAX_BYTES,
  profileListQuerySchema,
  videoListResponseSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { nextLink } from '../../lib/keyset.ts';
import { signedInUser, viewerOf } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { ProfileService } from './profile.service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

/** The signed-in account's own profile (accounts.md §7; viewer.md §2 profile screen, §6 owner actions, §7). */
export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.get(
    '/profile',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in account, with its links and sized images',
        security: [{ bearer: [] }],
        response: { 200: ownProfileResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ user: await profile.own(signedInUser(request)) }),
  );

  app.post(
    '/profile',
    {
      preHandler: app.requireUser,
      // Generous for a person changing their profile; an image costs a decode and a few encodes.
      config: perClientLimit(60, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['accounts'],
        summary:
          'Change one thing: {name, username?, description?, phone_number?} | {gender} | ' +
          '{current_password, password, password_confirmation} | {color} (channels) | {preference} | ' +
          "{links: [{url, action: 'add'} | {id, action: 'delete'}]} (creators and channels) | " +
          `multipart profile_photo (avatar) or profile_cover (cover), png or jpeg up to ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
        security: [{ bearer: [] }],
        consumes: ['application/json', 'multipart/form-data'],
        // A multipart request has no parsed body: its parts are read by the image upload.
        body: z.record(z.string(), z.unknown()).nullish(),
        response: { 200: ownProfileUpdateResponseSchema, 413: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const body = request.body ?? {};
      if (request.actingManager && ('password' in body || 'current_password' in body || 'password_confirmation' in body)) {
        throw new HttpError(403, studioMessages.passwordOwnOnly);
      }
      const result = request.isMultipart()
        ? await profile.replaceImage(user, request.parts({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES } }))
        : await profile.update(user, request.authTokenId, body);
      return { message: result.message, user: await profile.own(result.user ?? user) };
    },
  );

  app.post(
    '/profile/stats',
    {
      preHandler: app.requireUser,
      config: perClientLimit(120, 60, feedMessages.tooManyRequests),
      schema: {
        tags: ['accounts'],
        summary: `The signed-in creator's statistics: lifetime totals, and the last ${STATS_DEFAULT_DAYS} days or {from, to} (YYYY-MM-DD, at most ${STATS_MAX_MONTHS_BACK} months back)`,
        security: [{ bearer: [] }],
        body: statsRequestSchema.nullish(),
        response: { 200: statsResponseSchema, ...errors },
      },
    },
    async (request) => profile.stats(signedInUser(request), request.body ?? {}),
  );

  app.post(
    '/profile/links/:id/important',
    {
      preHandler: app.requireUser,
      config: perClientLimit(60, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['accounts'],
        summary: `Mark one of the signed-in creator's links as important (the accent border; at most ${IMPORTANT_LINKS_MAX}), or not`,
        security: [{ bearer: [] }],
        params: linkIdParamsSchema,
        body: linkImportantRequestSchema,
        response: { 200: linkChangeResponseSchema, ...errors },
      },
    },
    async (request) => profile.setLinkImportant(signedInUser(request), request.params.id, request.body.important),
  );

  app.get(
    '/profile/liked-videos',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: "Videos the signed-in account liked, newest like first, in the feed's shape",
        security: [{ bearer: [] }],
        querystring: profileListQuerySchema,
        response: { 200: videoListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await profile.likedVideos({ ...viewerOf(request, undefined), userId: signedInUser(request).id }, request.query);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );

  app.get(
    '/profile/following-models',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Creators and channels the signed-in account follows, newest follow first',
        security: [{ bearer: [] }],
        querystring: profileListQuerySchema,
        response: { 200: followedModelListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await profile.followingModels({ ...viewerOf(request, undefined), userId: signedInUser(request).id }, request.query);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );
};
