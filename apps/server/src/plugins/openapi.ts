import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The admin API (ADR 0015): all of it under /v1/admin, tagged `admin`. */
const ADMIN_PREFIX = '/v1/admin/';

type Operations = Record<string, { tags?: string[] }>;

/** The document without the admin API (SECURITY.md): what anyone may read at /v1/docs. */
function publicDocument(document: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const paths = Object.entries((document.paths ?? {}) as Record<string, Operations>).flatMap(([path, operations]) => {
    if (path.startsWith(ADMIN_PREFIX)) return [];
    const open = Object.entries(operations).filter(([, operation]) => !operation.tags?.includes('admin'));
    return open.length > 0 ? [[path, Object.fromEntries(open)] as const] : [];
  });
  return { ...document, paths: Object.fromEntries(paths) };
}

/**
 * OpenAPI generated from the same zod schemas that validate the routes; browsable at /v1/docs without
 * the admin API, which admins read whole at GET /v1/admin/docs/json (modules/admin).
 */
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
  let published: Record<string, unknown> | undefined;
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
    // The app-wide CSP (plugins/security.ts) already fits Swagger UI: its scripts are files, not inline.
    staticCSP: false,
    // A new object with fewer paths, never a change to the whole document: no copy of it is needed.
    transformSpecificationClone: false,
    transformSpecification: (document) => (published ??= publicDocument(document)),
  });
});
