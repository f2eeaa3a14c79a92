import { accountMessages } from '@flick/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema.ts';
import { Batched } from '../lib/batched.ts';
import { hashToken } from '../lib/tokens.ts';
import type { Viewer } from '../lib/viewer.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, when the request carried a valid bearer token. */
    user: UserRow | null;
    authTokenId: number | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid bearer token came with the request. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

const TOUCH_INTERVAL_MS = 5 * 60_000;

interface Session {
  user: UserRow;
  tokenId: number;
  lastUsedAt: Date;
}

/** The session lookups authentication needs, handed in by the app (the accounts repository): plugins import no module. */
export interface Sessions {
  /** The live (not revoked, not expired) sessions among these token hashes. */
  findByTokenHashes(tokenHashes: readonly string[]): Promise<(Session & { tokenHash: string })[]>;
  touchToken(tokenId: number): Promise<void>;
}

/** Reads `Authorization: Bearer <token>` on every request; routes that need a user add `requireUser`. */
export const authenticate = fp(async function authenticate(app: FastifyInstance, { sessions }: { sessions: Sessions }) {
  app.decorateRequest('user', null);
  app.decorateRequest('authTokenId', null);

  // Every request with a bearer looks its session up (nothing is cached, so a sign-out or a ban takes
  // effect on the next request); those arriving in the same turn share one statement (ADR 0026).
  const lookups = new Batched<string, Session | undefined>(async (hashes) => {
    const found = new Map((await sessions.findByTokenHashes([...new Set(hashes)])).map((s) => [s.tokenHash, s]));
    return hashes.map((hash) => found.get(hash));
  });

  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const found = await lookups.ask(hashToken(token));
    // A ban signs the account out everywhere (its tokens are deleted); this also covers a token read meanwhile.
    if (!found || found.user.bannedAt) return;
    request.user = found.user;
    request.authTokenId = found.tokenId;
    // Last use is for the account's session list; writing it on every request would cost a write per call.
    if (Date.now() - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await sessions.touchToken(found.tokenId);
    }
  });

  const requireUser = async (request: FastifyRequest) => {
    if (!request.user) throw new HttpError(401, accountMessages.unauthenticated);
  };
  app.decorate('requireUser', requireUser);

  // A route whose OpenAPI security is a bearer and nothing else answers 401 to a request without a
  // valid session before it reads the body (ADR 0025): no field errors for someone not signed in.
  app.addHook('onRoute', (route) => {
    const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
    if (!security?.length || !security.every((entry) => 'bearer' in entry)) return;
    const hooks = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...hooks, requireUser];
  });
});

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token && token.length <= 200 ? token : undefined;
}

/** For handlers behind `requireUser`. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, accountMessages.unauthenticated);
  return request.user;
}

/**
 * Whether the request may use an admin's powers: the signed-in account's own role, and never while a studio
 * manager acts for a member (SECURITY.md). Every admin bypass asks this, not `request.user.isAdmin`.
 */
export function isAdminPrincipal(request: FastifyRequest): boolean {
  return !request.actingManager && request.user?.isAdmin === true;
}

/** The bearer decides who a user is; a body's user_id is the client's claim and is not trusted. */
export function viewerOf(request: FastifyRequest, guestId: string | undefined): Viewer {
  return { userId: request.user?.id ?? null, guestId: request.user ? null : (guestId ?? null), place: request.place };
}

/** OpenAPI security of a route that answers guests too, and signed-in users with more. */
export const optionalBearer: Record<string, string[]>[] = [{}, { bearer: [] }];
