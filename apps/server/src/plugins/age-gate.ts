import { AGE_GATE_REASONS, ageGateMessages, type AgeGateError, type AgeRuleKind } from '@flick/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AgePass, AgePasses } from '../lib/age-pass.ts';
import type { Place } from '../lib/places.ts';

/** What the gate decided for one request (ADR 0030). */
export interface AgeVerdict {
  rule: AgeRuleKind;
  law: string | null;
  /** The place whose rule applies ('GB', 'US-TX'), or null (none, or the fallback for an unknown place). */
  place: string | null;
  satisfied: boolean;
  /** Until when the rule is met for this request's account or browser, when it is met by a check or a confirmation. */
  until: Date | null;
  /** The pass the browser carries, if any (the status route renews a browser's from its account's). */
  pass: AgePass | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The age rule where the request comes from, and whether its account or browser meets it. */
    ageVerdict: (request: FastifyRequest) => Promise<AgeVerdict>;
  }
}

export interface AgeGateOptions {
  /** The rule of a place (plugins import no module: the app hands in the age-assurance module's rules). */
  ruleFor: (place: Place | null) => Promise<{ rule: AgeRuleKind; law: string | null; place: string | null }>;
  passes: AgePasses;
}

/**
 * The API routes that stay reachable wherever the viewer is and whatever they have shown of their age:
 * the gate itself, signing in and up, the legal pages, support and removal requests, the account's own
 * settings, deletion and export, a creator's own tools (a creator is an identity-verified adult), and the
 * admin console. Everything else under /v1 shows content and is closed until the rule is met (fail closed:
 * a new route is gated unless it is listed here). Matched on the route's pattern, by whole path segments.
 */
export const OPEN_API_ROUTES = [
  '/v1/age-assurance',
  '/v1/health',
  '/v1/config',
  '/v1/docs',
  '/v1/page',
  '/v1/pages',
  '/v1/contact',
  '/v1/removal-requests',
  '/v1/login',
  '/v1/logout',
  '/v1/register',
  '/v1/check-username',
  '/v1/forgot-password',
  '/v1/reset-password',
  '/v1/verify-email',
  '/v1/resend-email',
  '/v1/account',
  '/v1/profile',
  '/v1/verifications',
  '/v1/studio',
  '/v1/studios',
  '/v1/push',
  '/v1/geo',
  '/v1/performer-releases',
  '/v1/admin',
] as const;
/** Under an open prefix, but lists of other people's videos and creators: gated. */
export const GATED_WITHIN_OPEN = ['/v1/profile/liked-videos', '/v1/profile/following-live', '/v1/profile/following-models'] as const;

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** Whether an API route (by its pattern) shows content, and so waits for the age rule to be met. */
export function isGatedRoute(url: string): boolean {
  if (!under(url, '/v1')) return false;
  if (GATED_WITHIN_OPEN.some((prefix) => under(url, prefix))) return true;
  return !OPEN_API_ROUTES.some((prefix) => under(url, prefix));
}

/** The 451 a gated route answers until the rule is met. */
export function ageGateAnswer(rule: Exclude<AgeRuleKind, 'none'>): AgeGateError {
  return {
    message: rule === 'assurance' ? ageGateMessages.assuranceRequired : ageGateMessages.declarationRequired,
    reason: AGE_GATE_REASONS[rule],
    gate: '/age-check',
  };
}

export function sendAgeGate(reply: FastifyReply, rule: Exclude<AgeRuleKind, 'none'>) {
  // Per viewer, never kept by a shared cache; the reason is also in a header for media players and CDNs.
  return reply.code(451).header('cache-control', 'private, no-store').header('x-age-gate', AGE_GATE_REASONS[rule]).send(ageGateAnswer(rule));
}

/**
 * The age gate (ADR 0030). Where a place's rule asks for a confirmation or an age check, every route that
 * shows content answers 451 with a machine-readable reason until the request's account or browser meets
 * it. Met by: an identity-verified creator or an admin (checked adults), an account whose "assured until"
 * has not passed, or a browser's signed pass (assured, or for a confirmation rule, declared). Where no rule
 * applies, the gate costs a lookup in memory and nothing else.
 */
export const ageGate = fp(async function ageGate(app: FastifyInstance, { ruleFor, passes }: AgeGateOptions) {
  const verdicts = new WeakMap<FastifyRequest, Promise<AgeVerdict>>();

  async function decide(request: FastifyRequest): Promise<AgeVerdict> {
    const { rule, law, place } = await ruleFor(request.place);
    const pass = rule === 'none' ? null : passes.read(request.headers.cookie);
    if (rule === 'none') return { rule, law, place, satisfied: true, until: null, pass };
    const user = request.user;
    if (user && (user.isAdmin || (user.type !== 'user' && user.isVerified === 'approved'))) return { rule, law, place, satisfied: true, until: null, pass };
    const accountUntil = user?.ageAssuredUntil && user.ageAssuredUntil.getTime() > Date.now() ? user.ageAssuredUntil : null;
    if (accountUntil) return { rule, law, place, satisfied: true, until: accountUntil, pass };
    if (pass && (pass.kind === 'assured' || rule === 'self-declaration')) return { rule, law, place, satisfied: true, until: pass.until, pass };
    return { rule, law, place, satisfied: false, until: null, pass };
  }

  const verdictOf = (request: FastifyRequest) => {
    let verdict = verdicts.get(request);
    if (!verdict) {
      verdict = decide(request);
      verdicts.set(request, verdict);
    }
    return verdict;
  };
  app.decorate('ageVerdict', verdictOf);

  // After authentication (registered later, so it runs after the session is read) and before the body.
  app.addHook('onRequest', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url || !isGatedRoute(url)) return;
    const verdict = await verdictOf(request);
    if (verdict.rule === 'none') return;
    if (!verdict.satisfied) return sendAgeGate(reply, verdict.rule);
    // An account checked on another device: this browser gets its pass with the answer, so the pages and
    // video files it asks for next (which carry no bearer) pass too.
    const accountUntil = request.user?.ageAssuredUntil;
    if (verdict.until && accountUntil && verdict.until.getTime() === accountUntil.getTime() && (verdict.pass?.kind !== 'assured' || verdict.pass.until < accountUntil)) {
      void reply.header('set-cookie', passes.setCookie('assured', accountUntil, request.protocol === 'https'));
    }
  });
});
