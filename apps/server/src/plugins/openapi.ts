import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas that validate the routes; browsable at /v1/docs. */
export const openapi = fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Flick API',
        description: 'Short vertical videos from live-cam creators. Errors are `{ message, errors? }`.',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
    // The app-wide CSP (plugins/security.ts) already fits Swagger UI: its scripts are files, not inline.
    staticCSP: false,
  });
});
