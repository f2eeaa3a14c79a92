import { ageAssuranceStartResponseSchema, ageAssuranceStartSchema, ageGateStatusSchema, errorResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalBearer } from '../../plugins/authenticate.ts';
import { perClientRate } from '../../plugins/rate-limit-config.ts';
import type { AgeAssuranceService } from './age-assurance.service.ts';

/** Per client address (ADR 0003): a person checks their age now and then; a script starting requests by the thousand is stopped. */
export const AGE_ASSURANCE_RATE_LIMITS = {
  start: { max: 20, windowSeconds: 600 },
  declare: { max: 30, windowSeconds: 600 },
  callback: { max: 30, windowSeconds: 600 },
} as const;

export const AGE_ASSURANCE_CALLBACK_PATH = '/v1/age-assurance/callback';

/**
 * The gate's calls (ADR 0030), open wherever the viewer is: its status, an 18+ confirmation, a request to
 * the age-assurance provider, and the provider's answer (a browser navigation, answered with a redirect).
 */
export const ageAssuranceRoutes: FastifyPluginAsyncZod<{ ageAssurance: AgeAssuranceService; redirectUri: string }> = async (app, { ageAssurance, redirectUri }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/age-assurance',
    {
      schema: {
        tags: ['age-assurance'],
        summary: 'The age rule where the request comes from, whether it is met, and which provider checks ages',
        security: optionalBearer,
        response: { 200: ageGateStatusSchema },
      },
    },
    async (request, reply) => ageAssurance.status(request, reply),
  );

  app.post(
    '/age-assurance/declare',
    {
      config: perClientRate(AGE_ASSURANCE_RATE_LIMITS.declare),
      schema: {
        tags: ['age-assurance'],
        summary: 'Confirm being 18 or older, where the rule asks no more (409 where an age check is required)',
        security: optionalBearer,
        response: { 200: ageGateStatusSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => ageAssurance.declare(request, reply),
  );

  app.post(
    '/age-assurance/start',
    {
      config: perClientRate(AGE_ASSURANCE_RATE_LIMITS.start),
      schema: {
        tags: ['age-assurance'],
        summary: 'Start an age check: the provider address to send the browser to (OpenID Connect, code + PKCE)',
        security: optionalBearer,
        body: ageAssuranceStartSchema,
        response: { 200: ageAssuranceStartResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => ageAssurance.start(request, request.body.returnTo),
  );

  app.get(
    '/age-assurance/callback',
    {
      config: perClientRate(AGE_ASSURANCE_RATE_LIMITS.callback),
      schema: {
        tags: ['age-assurance'],
        summary: "The provider's answer (a browser navigation): 303 back to where the check started, or to the gate with the outcome",
        querystring: z.object({ state: z.string().max(256).optional(), code: z.string().max(2048).optional() }).catchall(z.string().max(2048)),
        response: { 303: z.null(), 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // The address the provider was given, with the answer's parameters: the token request names it exactly.
      const url = new URL(redirectUri);
      url.search = new URL(request.url, 'http://flick.invalid').search;
      const next = await ageAssurance.callback(request, reply, url);
      return reply.code(303).header('location', next).send(null);
    },
  );
};
