import { accountMessages, STUDIO_ACT_FOR_HEADER, STUDIO_ACTING_ROUTES, studioMessages } from '@flick/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a studio manager acts for a member: request.user is then the member, without the admin role. */
    actingManager: { user: UserRow; studioId: number } | null;
  }
}

/** The routes a manager may act on, by `METHOD route`: a write's label, or null for a read. */
const acting = new Map(STUDIO_ACTING_ROUTES.map((r) => [`${r.method} ${r.route}`, r.action]));
const actingOn = (request: FastifyRequest) => acting.get(`${request.method} ${request.routeOptions.url}`);

/** The studio lookups acting needs, handed in by the app (the studios module): plugins import no module. */
export interface StudioAccess {
  memberFor(managerId: number, memberId: number): Promise<{ member: UserRow; studioId: number } | undefined>;
  record(entry: { studioId: number; managerId: number; memberId: number; action: string; detail?: string | null }): Promise<void>;
}

/**
 * A manager sends `x-flick-act-for: <member id>` with their own bearer: on a route of STUDIO_ACTING_ROUTES, for a
 * creator who is a member of a studio they manage right now, the request runs as that member. Every write
 * is recorded (studio_actions) before its answer leaves. Registered after `authenticate`.
 */
export const studioActing = fp(async function studioActing(app: FastifyInstance, { access }: { access: StudioAccess }) {
  app.decorateRequest('actingManager', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers[STUDIO_ACT_FOR_HEADER];
    if (header === undefined) return;
    if (!request.user) throw new HttpError(401, accountMessages.unauthenticated);
    if (actingOn(request) === undefined) throw new HttpError(403, studioMessages.notForMembers);
    const memberId = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : null;
    const found = memberId === null || memberId === request.user.id ? undefined : await access.memberFor(request.user.id, memberId);
    if (!found) throw new HttpError(403, studioMessages.notYourMember);
    // A ban stops the studio too: nothing done for the member now would wait for the ban to lift (SECURITY.md).
    if (found.member.bannedAt) throw new HttpError(403, studioMessages.memberBanned);
    request.actingManager = { user: request.user, studioId: found.studioId };
    // Acting never carries the admin role (SECURITY.md); admin bypasses ask isAdminPrincipal, this is the second lock.
    request.user = { ...found.member, isAdmin: false };
    // The manager's session is not the member's: nothing may end or list the member's sessions through it.
    request.authTokenId = null;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const action = request.actingManager ? actingOn(request) : null;
    if (!request.actingManager || !action || reply.statusCode >= 400) return payload;
    const manager = request.actingManager;
    const params = request.params && typeof request.params === 'object' ? Object.values(request.params as Record<string, unknown>).join(',') : '';
    await access.record({
      studioId: manager.studioId,
      managerId: manager.user.id,
      memberId: request.user!.id,
      action,
      detail: params || null,
    });
    return payload;
  });
});
