import { adDecisionsSchema, adImpressionsSchema, adsQuerySchema, adVastSchema, errorResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdminPrincipal, optionalBearer } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import type { AdsService } from './ads.service.ts';

const tooMany = 'Too many ad requests, try again later.';

/** Ads (ADR 0016): decisions for the slots on a page, impressions seen, and clicks through our redirect. */
export const adsRoutes: FastifyPluginAsyncZod<{ ads: AdsService }> = async (app, { ads }) => {
  const common = { tags: ['ads'], security: optionalBearer };

  app.get(
    '/ads',
    {
      config: perClientLimit(600, 60, tooMany),
      schema: {
        ...common,
        summary: 'One decision per slot asked (placement keys, comma-separated; a key may repeat), null where nothing may show. Admins see none.',
        querystring: adsQuerySchema.extend({ guest_id: z.string().max(64).optional() }),
        response: { 200: adDecisionsSchema, 422: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Decisions are per viewer and per moment: no cache keeps one.
      void reply.header('cache-control', 'no-store');
      const { placements, categories, guest_id: guestId } = request.query;
      if (isAdminPrincipal(request)) return { data: placements.map(() => null) };
      const viewerKey = request.user ? `u${request.user.id}` : guestId ? `g${guestId}` : `a${request.ip}`;
      return { data: await ads.decide({ placements, categories, country: request.place?.country ?? null, viewerKey }) };
    },
  );

  app.post(
    '/ads/impressions',
    {
      config: perClientLimit(600, 60, tooMany),
      schema: {
        ...common,
        summary: "Slots seen (at least half visible for a second), by their decisions' tokens; each decision's impression counts once",
        body: adImpressionsSchema,
        response: { 202: z.object({ accepted: z.number() }), 422: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(202).send({ accepted: await ads.impressions(request.body.tokens) }),
  );

  app.get(
    '/ads/vast/:token',
    {
      config: perClientLimit(120, 60, tooMany),
      schema: {
        ...common,
        summary: "An instream VAST decision's video: the outside ad server's tag read by us, as its MP4 and impression pixels",
        params: z.object({ token: z.string().max(300) }),
        response: { 200: adVastSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const ad = await ads.vast(request.params.token);
      return ad ?? reply.code(404).send({ message: 'No ad to play.' });
    },
  );

  app.get(
    '/ads/click/:token',
    {
      config: perClientLimit(120, 60, tooMany),
      schema: {
        ...common,
        summary: "A click on an ad: counted once per decision, then redirected to the advertiser's address saved with the creative (never one given here)",
        params: z.object({ token: z.string().max(300) }),
        response: { 302: z.null(), 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const url = await ads.click(request.params.token);
      if (!url) return reply.code(404).send({ message: 'This ad link is not valid.' });
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(url, 302);
    },
  );
};
