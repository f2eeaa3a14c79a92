import { ageGateMessages, type AgeGateStatus } from '@flick/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { AgePasses } from '../../lib/age-pass.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AgeVerdict } from '../../plugins/age-gate.ts';
import { AgeAssertionError, type AgeProviderClient } from './age-assurance.client.ts';

/** How long a request to the provider may take before its callback is refused. */
const REQUEST_TTL_MINUTES = 15;
const DAY_MS = 86_400_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

export interface AgeAssuranceDeps {
  pool: pg.Pool;
  passes: AgePasses;
  verdictOf: (request: FastifyRequest) => Promise<AgeVerdict>;
  provider: { kind: 'configured' | 'development'; client: AgeProviderClient } | null;
  validDays: number;
  logger: Logger;
}

/**
 * Age assurance without identity (ADR 0030): the gate's status, an 18+ confirmation where that is the
 * rule, and the round trip to the age-assurance provider. Kept afterwards: "assured until" on the account
 * (when one asked) and in the browser's signed pass; never a name, a birthdate, a document or the
 * provider's subject.
 */
export function ageAssuranceService({ pool, passes, verdictOf, provider, validDays, logger }: AgeAssuranceDeps) {
  const secure = (request: FastifyRequest) => request.protocol === 'https';
  const until = () => new Date(Math.floor((Date.now() + validDays * DAY_MS) / 1000) * 1000);

  return {
    /**
     * Where the viewer stands. An account assured on another device gets this browser's pass here, so its
     * pages and media (which carry no bearer) pass too.
     */
    async status(request: FastifyRequest, reply: FastifyReply): Promise<AgeGateStatus> {
      const verdict = await verdictOf(request);
      const accountUntil = request.user?.ageAssuredUntil;
      if (verdict.rule !== 'none' && accountUntil && accountUntil.getTime() > Date.now() && (verdict.pass?.kind !== 'assured' || verdict.pass.until < accountUntil)) {
        void reply.header('set-cookie', passes.setCookie('assured', accountUntil, secure(request)));
      }
      return {
        rule: verdict.rule,
        satisfied: verdict.satisfied,
        place: verdict.place,
        law: verdict.law,
        until: verdict.until?.toISOString() ?? null,
        provider: { kind: provider?.kind ?? 'none' },
      };
    },

    /** "I am 18 or older", where the rule asks no more. */
    async declare(request: FastifyRequest, reply: FastifyReply): Promise<AgeGateStatus> {
      const verdict = await verdictOf(request);
      if (verdict.rule === 'assurance' && !verdict.satisfied) throw new HttpError(409, ageGateMessages.assuranceRequired);
      if (!verdict.satisfied) {
        const end = until();
        void reply.header('set-cookie', passes.setCookie('declared', end, secure(request)));
        return {
          rule: verdict.rule,
          satisfied: true,
          place: verdict.place,
          law: verdict.law,
          until: end.toISOString(),
          provider: { kind: provider?.kind ?? 'none' },
        };
      }
      return this.status(request, reply);
    },

    /** A new request to the provider, bound to this browser's state and, if signed in, to the account. */
    async start(request: FastifyRequest, returnTo: string): Promise<{ url: string }> {
      if (!provider) throw new HttpError(503, ageGateMessages.providerUnavailable);
      let started;
      try {
        started = await provider.client.start();
      } catch (error) {
        logger.error({ err: error }, 'age-assurance provider unreachable');
        throw new HttpError(503, ageGateMessages.providerUnavailable);
      }
      const { pending, url } = started;
      // Expired requests go as new ones come: the table holds at most a quarter of an hour of starts.
      await pool.query(`delete from age_assurance_requests where expires_at < now()`);
      await pool.query(
        `insert into age_assurance_requests (state_hash, code_verifier, nonce, user_id, return_to, expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
        [hashState(pending.state), pending.codeVerifier, pending.nonce, request.user?.id ?? null, returnTo, REQUEST_TTL_MINUTES],
      );
      return { url: url.href };
    },

    /**
     * The provider's answer. The request it names is used up whatever happens (a replayed answer finds
     * nothing); a good "over 18" sets the pass (and the account's "assured until"). Where the browser goes
     * next: back where it was, or to the gate with the outcome.
     */
    async callback(request: FastifyRequest, reply: FastifyReply, callbackUrl: URL): Promise<string> {
      const state = callbackUrl.searchParams.get('state');
      if (!provider || !state || state.length > 256) return '/age-check?error=failed';
      const { rows } = await pool.query<{ code_verifier: string; nonce: string; user_id: number | null; return_to: string }>(
        `delete from age_assurance_requests where state_hash = $1 and expires_at > now() returning code_verifier, nonce, user_id, return_to`,
        [hashState(state)],
      );
      const pending = rows[0];
      if (!pending) {
        logger.warn('age-assurance answer for no pending request (replayed, expired or forged)');
        return '/age-check?error=failed';
      }
      let over18: boolean;
      try {
        over18 = await provider.client.finish(callbackUrl, { state, nonce: pending.nonce, codeVerifier: pending.code_verifier });
      } catch (error) {
        if (!(error instanceof AgeAssertionError)) logger.error({ err: error }, 'age-assurance provider unreachable');
        else logger.warn({ reason: error.message }, 'age-assurance answer refused');
        return `/age-check?error=failed&returnTo=${encodeURIComponent(pending.return_to)}`;
      }
      if (!over18) return `/age-check?error=not-over-18`;
      const end = until();
      if (pending.user_id !== null) {
        await pool.query(`update users set age_assured_until = greatest(coalesce(age_assured_until, $2), $2) where id = $1`, [pending.user_id, end]);
      }
      void reply.header('set-cookie', passes.setCookie('assured', end, secure(request)));
      return pending.return_to;
    },
  };
}

export type AgeAssuranceService = ReturnType<typeof ageAssuranceService>;
