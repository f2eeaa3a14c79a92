import {
  categories,
  errorResponseSchema,
  feedMessages,
  LIVE_PAGE_SIZE,
  LIVE_PUSH_SIGNATURE_HEADER,
  LIVE_PUSH_TIMESTAMP_HEADER,
  linkChangeResponseSchema,
  linkIdParamsSchema,
  linkLiveRequestSchema,
  liveListResponseSchema,
  liveQuerySchema,
  liveStatusParamsSchema,
  liveStatusPushResponseSchema,
  liveMessages,
  messageResponseSchema,
  pushKeyResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextLink } from '../../lib/keyset.ts';
import { signedInUser, viewerOf } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { LiveNotifier } from './live-notifications.ts';
import type { LiveService } from './live.service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };
/** A push names at most 10,000 rooms: well under this. */
const PUSH_BODY_LIMIT = 2 * 1024 * 1024;

/** Live status (ADR 0012): partners' pushes, who is live now (/live), and a creator's own 'I'm live now'. */
export const liveRoutes: FastifyPluginAsyncZod<{ live: LiveService; notifier: LiveNotifier }> = async (app, { live, notifier }) => {
  // The push is signed over its bytes as sent, so this route reads its JSON body as text.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: PUSH_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post(
      '/live-status/:site',
      {
        config: perClientLimit(600, 60, feedMessages.tooManyRequests),
        schema: {
          tags: ['live'],
          summary:
            `A partner site pushes who went live or off: {"rooms": [{"room", "live"}]}, signed with the site's secret ` +
            `(${LIVE_PUSH_SIGNATURE_HEADER}: hex HMAC-SHA256 of "{timestamp}.{body}", ${LIVE_PUSH_TIMESTAMP_HEADER}: Unix seconds)`,
          params: liveStatusParamsSchema,
          body: z.string(),
          response: { 200: liveStatusPushResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        return live.push(request.params.site, { timestamp: header(LIVE_PUSH_TIMESTAMP_HEADER), signature: header(LIVE_PUSH_SIGNATURE_HEADER) }, request.body);
      },
    );
  });

  app.get(
    '/live',
    {
      schema: {
        tags: ['live'],
        summary: 'Creators live now in the categories asked, each with the live link to open, newest confirmation first',
        querystring: liveQuerySchema,
        response: { 200: liveListResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const page = await live.liveNow(request.query, LIVE_PAGE_SIZE, viewerOf(request, undefined));
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );

  app.get(
    '/profile/following-live',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['live'],
        summary: 'The creators the signed-in account follows who are live now, newest confirmation first (all categories)',
        security: [{ bearer: [] }],
        querystring: liveQuerySchema.pick({ cursor: true }),
        response: { 200: liveListResponseSchema, 401: errorResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const page = await live.liveNow({ gender: [...categories], cursor: request.query.cursor }, LIVE_PAGE_SIZE, viewerOf(request, undefined), signedInUser(request).id);
      return { data: page.data, links: { next: nextLink(request, page.next) } };
    },
  );

  app.get(
    '/push/key',
    {
      schema: {
        tags: ['live'],
        summary: "The server's VAPID public key, for a browser's PushManager.subscribe",
        response: { 200: pushKeyResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: notifier.publicKey };
    },
  );

  app.post(
    '/push/subscriptions',
    {
      preHandler: app.requireUser,
      config: perClientLimit(30, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['live'],
        summary: "This browser's Web Push subscription: the signed-in account is told when creators it follows go live",
        description:
          'An endpoint another account has answers 409 and stays theirs, unless it comes with the very keys it has (the same browser, signed in to this account).',
        security: [{ bearer: [] }],
        body: pushSubscriptionSchema,
        response: { 201: messageResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await notifier.subscribe(signedInUser(request).id, request.body);
      return reply.code(201).send({ message: liveMessages.notificationsOn });
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['live'],
        summary: "Stops this browser's live notifications",
        security: [{ bearer: [] }],
        body: pushUnsubscribeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await notifier.unsubscribe(signedInUser(request).id, request.body.endpoint);
      return { message: liveMessages.notificationsOff };
    },
  );

  app.post(
    '/profile/links/:id/live',
    {
      preHandler: app.requireUser,
      config: perClientLimit(60, 600, feedMessages.tooManyRequests),
      schema: {
        tags: ['live'],
        summary: "The creator's own 'I'm live now' on one of their links (it ends by itself after a few hours), or off",
        security: [{ bearer: [] }],
        params: linkIdParamsSchema,
        body: linkLiveRequestSchema,
        response: { 200: linkChangeResponseSchema, ...errors },
      },
    },
    async (request) => live.setOwnLive(signedInUser(request), request.params.id, request.body.live),
  );
};
