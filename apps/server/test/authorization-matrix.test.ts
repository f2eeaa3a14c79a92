import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 17: who may call what, for every route of the OpenAPI document. Each route has an entry saying
 * which accounts it is for; a route without one fails this test, so a new route cannot escape it.
 * Every route is called by every kind of actor with an empty body, and the answer must be what the
 * entry says:
 * - without a valid session (a guest, a banned account, an expired token), 401 on every route for
 *   accounts, before the body is read;
 * - a signed-in account the route is not for, refused: 403, or another 4xx when the empty body is
 *   refused before the account is looked at — never a success;
 * - an account the route is for, let through: anything but 401 and 403 (the empty body is then refused
 *   for what it lacks, which is not this test's matter).
 */
type Access =
  /** Anyone, signed in or not. */
  | 'anyone'
  /** Any signed-in account. */
  | 'account'
  /** Creators and channels (the accounts that publish). */
  | 'publisher'
  /** Creators only (identity verification, studios). */
  | 'creator'
  /** An account that manages a studio. */
  | 'studio manager'
  /** Admins only. */
  | 'admin'
  /** A partner's signed push: a bearer means nothing there, every actor gets the same answer. */
  | 'signature';

const access: Record<string, Access> = {
  'GET /v1/health': 'anyone',
  'GET /v1/config': 'anyone',
  'GET /v1/page/{slug}': 'anyone',
  'POST /v1/contact': 'anyone',
  'POST /v1/check-username': 'anyone',
  'POST /v1/register': 'anyone',
  'POST /v1/resend-email': 'anyone',
  'POST /v1/verify-email': 'anyone',
  'POST /v1/login': 'anyone',
  'POST /v1/logout': 'account',
  'POST /v1/forgot-password': 'anyone',
  'POST /v1/reset-password': 'anyone',
  'GET /v1/profile': 'account',
  'POST /v1/profile': 'account',
  'POST /v1/profile/stats': 'publisher',
  'POST /v1/profile/links/{id}/important': 'publisher',
  'GET /v1/profile/liked-videos': 'account',
  'GET /v1/profile/following-models': 'account',
  'GET /v1/profile/verification': 'account',
  'POST /v1/profile/verification': 'creator',
  'POST /v1/videos/upload': 'publisher',
  'POST /v1/videos/upload-details': 'publisher',
  'GET /v1/profile/videos': 'account',
  'GET /v1/videos/{id}/delete': 'account',
  'POST /v1/videos/uploads': 'publisher',
  'OPTIONS /v1/videos/uploads': 'publisher',
  'HEAD /v1/videos/uploads/{id}': 'publisher',
  'PATCH /v1/videos/uploads/{id}': 'publisher',
  'DELETE /v1/videos/uploads/{id}': 'publisher',
  'GET /v1/videos': 'anyone',
  'GET /v1/videos/start/{id}': 'anyone',
  'GET /v1/tags/{id}/videos': 'anyone',
  'GET /v1/tags/{slug}/videos/{id}': 'anyone',
  'GET /v1/discover/category/{category}/videos': 'anyone',
  'GET /v1/discover/webcam-site/{site}/videos': 'anyone',
  'GET /v1/users/{id}/videos': 'anyone',
  'GET /v1/video-rating/unrated': 'anyone',
  'GET /v1/video-rating/rated': 'anyone',
  'GET /v1/sidebar/left': 'anyone',
  'GET /v1/tags': 'anyone',
  'GET /v1/discover': 'anyone',
  'POST /v1/discover/search': 'anyone',
  'POST /v1/video-view': 'anyone',
  'POST /v1/profile-view': 'anyone',
  'POST /v1/video-like': 'anyone',
  'POST /v1/video-rating/rate': 'account',
  'POST /v1/removal-requests': 'anyone',
  'POST /v1/report-video': 'anyone',
  'POST /v1/event': 'anyone',
  'POST /v1/link-click': 'anyone',
  'GET /v1/users': 'anyone',
  'GET /v1/users/{id}': 'anyone',
  'POST /v1/follow-model': 'account',
  'POST /v1/live-status/{site}': 'signature',
  'GET /v1/live': 'anyone',
  'GET /v1/profile/following-live': 'account',
  'GET /v1/push/key': 'anyone',
  'POST /v1/push/subscriptions': 'account',
  'DELETE /v1/push/subscriptions': 'account',
  'POST /v1/profile/links/{id}/live': 'publisher',
  'GET /v1/geo/places': 'anyone',
  'GET /v1/profile/get-geo-blocked-countries': 'publisher',
  'POST /v1/profile/add-geo-blocked-country': 'publisher',
  'POST /v1/profile/delete-geo-blocked-country': 'publisher',
  'GET /v1/profile/studio': 'account',
  'POST /v1/profile/join-studio': 'creator',
  'POST /v1/profile/leave-studio': 'creator',
  'GET /v1/studio': 'studio manager',
  'GET /v1/ads': 'anyone',
  'POST /v1/ads/impressions': 'anyone',
  'GET /v1/ads/vast/{token}': 'anyone',
  'GET /v1/ads/click/{token}': 'anyone',
};
/** The admin module answers 401/403 before any of its routes runs (ADR 0015): one rule for all of them. */
const accessOf = (route: string): Access | undefined => access[route] ?? (route.split(' ')[1]!.startsWith('/v1/admin/') ? 'admin' : undefined);

type Actor = 'guest' | 'viewer' | 'creator' | 'other creator' | 'channel' | 'studio manager' | 'admin' | 'banned' | 'expired';
const actors: Actor[] = ['guest', 'viewer', 'creator', 'other creator', 'channel', 'studio manager', 'admin', 'banned', 'expired'];

const allowed: Record<Exclude<Access, 'signature'>, Actor[]> = {
  anyone: actors,
  account: ['viewer', 'creator', 'other creator', 'channel', 'studio manager', 'admin'],
  publisher: ['creator', 'other creator', 'channel'],
  creator: ['creator', 'other creator'],
  'studio manager': ['studio manager'],
  admin: ['admin'],
};
/** Who has no valid session: refused with 401 wherever an account is needed. */
const sessionless = new Set<Actor>(['guest', 'banned', 'expired']);

let t: TestApp;
let routes: string[];
const headers = {} as Record<Actor, Record<string, string>>;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  const accounts = adminAccounts(t.db);
  headers.guest = {};
  headers.viewer = (await signUp(t, 'user')).auth;
  // Publishers whose identity is checked, so that rules beyond who is asking (upload needs a verified
  // identity) do not hide what this test looks at.
  const creator = await signUp(t, 'model');
  const other = await signUp(t, 'model');
  headers.creator = creator.auth;
  headers['other creator'] = other.auth;
  await accounts.createChannel({ email: 'matrix-channel@channels.test', name: 'Matrix TV', username: 'matrix_tv', password: 'correct-horse-1' });
  headers.channel = await signInAs(t, 'matrix-channel@channels.test');
  await t.pool.query(`update users set is_verified = 'approved' where id = any($1) or email = 'matrix-channel@channels.test'`, [[creator.id, other.id]]);
  await studiosService({ db: t.db, pool: t.pool }).admin.create('Matrix Studio', 'matrix-boss@studio.test', 'correct-horse-1');
  headers['studio manager'] = await signInAs(t, 'matrix-boss@studio.test');
  await accounts.createAdmin({ email: 'matrix-admin@flick.test', password: 'correct-horse-battery' });
  headers.admin = await signInAs(t, 'matrix-admin@flick.test', 'correct-horse-battery');
  const banned = await signUp(t, 'model');
  await t.pool.query('update users set banned_at = now() where id = $1', [banned.id]);
  headers.banned = banned.auth;
  const expired = await signUp(t, 'model');
  await t.pool.query(`update auth_tokens set expires_at = now() - interval '1 day' where user_id = $1`, [expired.id]);
  headers.expired = expired.auth;
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
});
afterAll(() => t.close());

/** An address with made-up values for its parameters: nothing of anyone's is named. */
const addressOf = (path: string) => path.replace(/\{(\w+)\}/g, (_all, name: string) => (/id$/i.test(name) ? '987654' : 'zz-none'));

describe('the authorization matrix (issue 17)', () => {
  it('has an entry for every route of the API', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !accessOf(route))).toEqual([]);
  });

  it('answers each kind of actor on every route as its entry says: 0 violations', async () => {
    const violations: string[] = [];
    let calls = 0;
    // Signing out ends the session every later call needs: it goes last.
    const ordered = [...routes.filter((route) => route !== 'POST /v1/logout'), 'POST /v1/logout'];
    for (const route of ordered) {
      const rule = accessOf(route)!;
      const [method, path] = route.split(' ') as [string, string];
      const signature = rule === 'signature' ? new Set<number>() : null;
      for (const actor of actors) {
        const body = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? {} : { payload: {} };
        const res = await t.app.inject({ method: method as 'GET', url: addressOf(path), headers: { ...client(), ...headers[actor] }, ...body });
        calls += 1;
        if (signature) {
          signature.add(res.statusCode);
          continue;
        }
        const status = res.statusCode;
        const mayPass = allowed[rule as Exclude<Access, 'signature'>].includes(actor);
        const problem = mayPass
          ? status === 401 || status === 403
            ? 'expected to be let through'
            : null
          : sessionless.has(actor)
            ? status === 401
              ? null
              : 'expected 401'
            : status >= 400 && status < 500 && status !== 401
              ? null
              : 'expected a refusal';
        if (problem) violations.push(`${route} as ${actor}: ${problem}, got ${status} ${res.body.slice(0, 120)}`);
      }
      if (signature && signature.size !== 1) violations.push(`${route}: a bearer changed the answer (${[...signature].join(', ')})`);
    }
    expect(calls).toBe(routes.length * actors.length);
    expect(violations).toEqual([]);
  }, 300_000);
});
