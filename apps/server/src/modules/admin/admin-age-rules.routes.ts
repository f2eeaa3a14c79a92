import { ageRuleInputSchema, ageRuleListResponseSchema, ageRuleSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors } from '../../lib/route-schemas.ts';
import type { AgeRules } from '../age-assurance/age-rules.ts';
import { perClientRate as limit } from '../../plugins/rate-limit-config.ts';
import { adminOnly, adminRoute, deciding } from './admin-request.ts';

export const AGE_RULE_EDIT_RATE = { max: 120, windowSeconds: 600 } as const;

/**
 * The age rules per place in the console (ADR 0030), under /v1/admin: the list (with whether places can be
 * told at all: without a geolocation database every viewer is "unknown" and gets the fallback), setting a
 * place's rule, and removing one. Every change is in the audit log.
 */
export const adminAgeRulesRoutes: FastifyPluginAsyncZod<{ rules: AgeRules; geolocation: boolean; placesFrom: string; trustProxy: boolean }> = async (
  app,
  { rules, geolocation, placesFrom, trustProxy },
) => {
  adminOnly(app);

  app.get(
    '/age-rules',
    { schema: { ...adminRoute, summary: 'Every place with an age rule, the fallback first', response: { 200: ageRuleListResponseSchema, ...adminErrors } } },
    async () => ({ data: await rules.list(), geolocation, placesFrom, trustProxy }),
  );

  app.put(
    '/age-rules',
    {
      config: limit(AGE_RULE_EDIT_RATE),
      schema: {
        ...adminRoute,
        summary: "Set a place's rule (a country, a region of it, or '*' for places the lookup cannot tell)",
        body: ageRuleInputSchema,
        response: { 200: ageRuleSchema, ...adminErrors },
      },
    },
    async (request) => rules.set(deciding(request).id, request.body),
  );

  app.delete(
    '/age-rules',
    {
      config: limit(AGE_RULE_EDIT_RATE),
      schema: {
        ...adminRoute,
        summary: "Remove a place's rule (the place then follows its country's, or none)",
        // The fallback ('*') is refused by the rules themselves: it can be set to none, not removed.
        querystring: ageRuleInputSchema.pick({ country: true, region: true }),
        response: { 204: z.null(), ...adminErrors },
      },
    },
    async (request, reply) => {
      await rules.remove(deciding(request).id, request.query.country, request.query.region);
      return reply.code(204).send(null);
    },
  );
};
