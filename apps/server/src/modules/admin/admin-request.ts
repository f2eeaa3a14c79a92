import { accountMessages, adminMessages } from '@flick/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isAdminPrincipal } from '../../plugins/authenticate.ts';

/** What every admin route says of itself in the OpenAPI document (kept out of the public one, SECURITY.md). */
export const adminRoute = { tags: ['admin'], security: [{ bearer: [] }] };

/** 401 for a guest, 403 for any account without the admin role: every admin route's first check. */
export async function requireAdmin(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, accountMessages.unauthenticated);
  if (!isAdminPrincipal(request)) throw new HttpError(403, adminMessages.forAdmins);
}

/**
 * What every plugin of admin routes starts with: requireAdmin before anything else, and nothing an admin
 * reads may sit in a shared or browser cache.
 */
export function adminOnly(app: FastifyInstance) {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** The admin deciding, once requireAdmin has let the request through. */
export const deciding = (request: FastifyRequest): UserRow => request.user!;
