import {
  errorResponseSchema,
  eventRequestSchema,
  feedMessages,
  linkClickRequestSchema,
  messageResponseSchema,
  profileViewRequestSchema,
  profileViewResponseSchema,
  rateVideoRequestSchema,
  removalMessages,
  removalRequestSchema,
  reportMessages,
  videoLikeRequestSchema,
  videoLikeResponseSchema,
  videoViewRequestSchema,
  videoViewResponseSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalBearer, signedInUser, viewerOf } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { TrackingService } from './tracking.service.ts';

const errors = { 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

/**
 * viewer.md §7 tracking calls. Limits per client address are generous for what a real viewer does
 * (a view every second, a like every two) and stop a script from inflating counts.
 */
export const trackingRoutes: FastifyPluginAsyncZod<{ tracking: TrackingService }> = async (app, { tracking }) => {
  const tooMany = feedMessages.tooManyRequests;

  app.post(
    '/video-view',
    {
      config: perClientLimit(600, 600, tooMany),
      schema: {
        tags: ['tracking'],
        summary: 'A view: counted once per viewer per video every 6 hours, and guests a handful a day per network; watch time feeds the ranking',
        security: optionalBearer,
        body: videoViewRequestSchema,
        response: { 200: videoViewResponseSchema, ...errors },
      },
    },
    async (request) => tracking.view(request.body, viewerOf(request, request.body.guest_id), request.ip),
  );

  app.post(
    '/profile-view',
    {
      config: perClientLimit(600, 600, tooMany),
      schema: {
        tags: ['tracking'],
        summary: "A profile view: counted once per viewer per profile every 6 hours, never on the viewer's own profile",
        security: optionalBearer,
        body: profileViewRequestSchema,
        response: { 200: profileViewResponseSchema, ...errors },
      },
    },
    async (request) => tracking.profileView(request.body, viewerOf(request, request.body.guest_id), request.ip),
  );

  app.post(
    '/video-like',
    {
      config: perClientLimit(300, 600, tooMany),
      schema: {
        tags: ['tracking'],
        summary: 'Like or unlike (idempotent): users by bearer, guests by guest_id (counted a handful a day per network)',
        security: optionalBearer,
        body: videoLikeRequestSchema,
        response: { 200: videoLikeResponseSchema, ...errors },
      },
    },
    async (request) => tracking.like(request.body, viewerOf(request, request.body.guest_id), request.ip),
  );

  app.post(
    '/video-rating/rate',
    {
      preHandler: app.requireUser,
      config: perClientLimit(300, 600, tooMany),
      schema: {
        tags: ['tracking'],
        summary: 'Rate a video on the emoji scale (users only; again replaces the rating)',
        security: [{ bearer: [] }],
        body: rateVideoRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await tracking.rate(signedInUser(request).id, request.body);
      return { message: feedMessages.videoRated };
    },
  );

  app.post(
    '/removal-requests',
    {
      config: perClientLimit(5, 3600, feedMessages.tooManyReports),
      schema: {
        tags: ['tracking'],
        summary: 'Ask for a video to be removed (someone depicted, a rights holder): an urgent report for the admins',
        security: optionalBearer,
        body: removalRequestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await tracking.removalRequest(request.body, viewerOf(request, undefined), request.ip);
      return reply.code(201).send({ message: removalMessages.sent });
    },
  );

  app.post(
    '/report-video',
    {
      config: perClientLimit(10, 3600, feedMessages.tooManyReports),
      schema: {
        tags: ['tracking'],
        summary: 'Report a video: video_id, email (guests), reason, message; 422 names the first problem (viewer.md §5)',
        security: optionalBearer,
        // Checked in the service, whose order of messages depends on who asks.
        body: z.record(z.string(), z.unknown()),
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const guestId = typeof request.body.guest_id === 'string' ? request.body.guest_id : undefined;
      await tracking.report(request.body, viewerOf(request, guestId), request.ip);
      return reply.code(201).send({ message: reportMessages.sent });
    },
  );

  app.post(
    '/event',
    {
      config: perClientLimit(120, 600, tooMany),
      schema: {
        tags: ['tracking'],
        summary: 'A live-cams click: event ids 1, 3, 5, 7 (viewer.md §7)',
        security: optionalBearer,
        body: eventRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      tracking.event(request.body);
      return { message: feedMessages.recorded };
    },
  );

  app.post(
    '/link-click',
    {
      config: perClientLimit(300, 600, tooMany),
      schema: {
        tags: ['tracking'],
        summary: "A click on a creator's link: counted once per viewer per link a day, and guests a handful a day per network",
        security: optionalBearer,
        body: linkClickRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await tracking.linkClick(request.body, viewerOf(request, request.body.guest_id), request.ip);
      return { message: feedMessages.recorded };
    },
  );
};
