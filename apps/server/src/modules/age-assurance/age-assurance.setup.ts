import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../../config/env.ts';
import { agePasses } from '../../lib/age-pass.ts';
import { ageGate } from '../../plugins/age-gate.ts';
import { ageProviderClient } from './age-assurance.client.ts';
import { AGE_ASSURANCE_CALLBACK_PATH, ageAssuranceRoutes } from './age-assurance.routes.ts';
import { ageAssuranceService } from './age-assurance.service.ts';
import { ageRules } from './age-rules.ts';
import { DEV_CLIENT_ID, DEV_PROVIDER_PATH, devAgeProvider } from './dev-provider.ts';

export interface AgeAssuranceSetup {
  config: Pick<Config, 'env' | 'ageAssurance' | 'geolocation' | 'trustProxy'>;
  /** Where places come from (the geolocation database), for the console. */
  places: string;
  pool: pg.Pool;
  publicUrl: string;
  /** The pass cookies' key is derived from it (lib/age-pass.ts). */
  mediaSigningKey: string;
  logger: Logger;
}

/**
 * Age assurance in the app (ADR 0030), registered right after the place lookup: the gate on every request,
 * the development provider when configured (never in production: config/env.ts refuses it), and what the
 * rest of the app needs — the rules (for the console), the media files' and the home shell's check, and
 * the gate's routes under /v1.
 */
export async function setUpAgeAssurance(app: FastifyInstance, { config, pool, publicUrl, mediaSigningKey, places, logger }: AgeAssuranceSetup) {
  const rules = ageRules(pool);
  const passes = agePasses(mediaSigningKey);
  await app.register(ageGate, { ruleFor: rules.ruleFor, passes });

  const redirectUri = `${publicUrl}${AGE_ASSURANCE_CALLBACK_PATH}`;
  const provider = config.ageAssurance.provider;
  if (provider?.kind === 'development') {
    const dev = await devAgeProvider({ issuer: `${publicUrl}${DEV_PROVIDER_PATH}`, mountPath: DEV_PROVIDER_PATH, redirectUris: [redirectUri] });
    await app.register(async (scope) => {
      // The provider reads the raw request itself: no body parsing in its scope.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        dev.handle(request.raw, reply.raw);
      };
      scope.all(DEV_PROVIDER_PATH, { schema: { hide: true } }, handler);
      scope.all(`${DEV_PROVIDER_PATH}/*`, { schema: { hide: true } }, handler);
    });
  }

  const service = ageAssuranceService({
    pool,
    passes,
    verdictOf: app.ageVerdict,
    validDays: config.ageAssurance.validDays,
    logger,
    provider: provider
      ? {
          kind: provider.kind,
          client: ageProviderClient({
            ...(provider.kind === 'development'
              ? { issuer: `${publicUrl}${DEV_PROVIDER_PATH}`, clientId: DEV_CLIENT_ID }
              : { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret }),
            scope: config.ageAssurance.scope,
            claim: config.ageAssurance.claim,
            redirectUri,
            allowHttp: config.env !== 'production',
          }),
        }
      : null,
  });

  /** The rule still to be met before a video's files or the home shell's videos go out, or null. */
  const unmetRule = async (request: FastifyRequest) => {
    const verdict = await app.ageVerdict(request);
    return verdict.satisfied || verdict.rule === 'none' ? null : verdict.rule;
  };

  return {
    unmetRule,
    /** A reader of content for a page (the home shell's first page), which reads nothing where the rule is not met. */
    unlessGated<T>(read: (request: FastifyRequest) => Promise<T>) {
      return async (request: FastifyRequest): Promise<T | null> => ((await unmetRule(request)) ? null : read(request));
    },
    /**
     * What the console's rules routes need: the rules, and how places are told — a database always (the shipped
     * GeoLite2 files unless GEOIP_DATABASE), the CDN's headers first when set. Without TRUST_PROXY behind a proxy,
     * every viewer would be the proxy's place: the console says where places come from.
     */
    console: {
      rules,
      geolocation: true,
      placesFrom: config.geolocation.countryHeader ? `the CDN's ${config.geolocation.countryHeader} header, then ${places}` : places,
      trustProxy: config.trustProxy,
    },
    routes: async (v1: FastifyInstance) => {
      await v1.register(ageAssuranceRoutes, { ageAssurance: service, redirectUri });
    },
  };
}
