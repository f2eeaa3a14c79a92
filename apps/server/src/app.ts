import rateLimit from '@fastify/rate-limit';
import type { ClientConfig } from '@flick/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { openapi } from './plugins/openapi.ts';
import { pgRateLimitStore } from './plugins/pg-rate-limit-store.ts';
import { security } from './plugins/security.ts';
import { webApp } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  pool: pg.Pool;
  logger?: Logger;
}

/** Plugins in layers: framework -> cross-cutting -> API routes under /v1 -> the web app. */
export async function buildApp({ config, db, pool, logger }: AppDependencies) {
  const options: FastifyServerOptions = {
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  };
  const app = Fastify(logger ? { ...options, loggerInstance: logger } : { ...options, logger: false });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);

  await api.register(errorHandler);
  await api.register(security, {
    mediaOrigin: config.mediaBaseUrl ? new URL(config.mediaBaseUrl).origin : undefined,
    corsOrigin: config.corsOrigin,
  });
  await api.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(pool),
    keyGenerator: (request) => request.ip,
  });
  await api.register(openapi);

  const clientConfig: ClientConfig = config.links;
  await api.register(
    async (v1) => {
      await v1.register(healthRoutes, { pool });
      await v1.register(clientConfigRoutes, { clientConfig });
      await v1.register(pagesRoutes, { db });
      await v1.register(contactRoutes, { db });
    },
    { prefix: '/v1' },
  );

  await api.register(webApp, { distDir: config.webDistDir });
  return api;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
