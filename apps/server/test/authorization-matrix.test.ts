import { isStudioActingPath, LIVE_PUSH_SIGNATURE_HEADER, LIVE_PUSH_TIMESTAMP_HEADER, STUDIO_ACT_FOR_HEADER } from '@flick/contract';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { pushSignature } from '../src/modules/live/push-signature.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { FLUSH_INTERVAL_MS } from '../src/modules/tracking/counter-buffer.ts';
import { client, newAccount, signInAs, signUp } from './helpers/accounts.ts';
import { startTestAgeProvider, type TestAgeProvider } from './helpers/age-provider.ts';
import { dataFingerprints, type Fingerprint } from './helpers/data-fingerprint.ts';
import { releaseForm } from './helpers/releases.ts';
import { verificationForm } from './helpers/verification.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Who may call what, for every route of the OpenAPI document (ADR 0025). Each route has an entry saying
 * which accounts it is for; a route without one fails this test, so a new route cannot escape it.
 * Every route is called by every kind of actor with an empty body, and the answer must be what the
 * entry says:
 * - without a valid session (a guest, a banned account, an expired token), 401 on every route for
 *   accounts, before the body is read;
 * - a signed-in account the route is not for, refused with the exact status the route gives: 403, or
 *   (`emptyBodyRefusal`) the 4xx of an empty body refused before the account is looked at;
 * - an account the route is for, let through: anything but 401, 403 and a server error (the empty body
 *   is then refused for what it lacks, which is not this test's matter).
 * And, for every write, proof that another actor's data is unchanged (ADR 0025):
 * - every refused call (4xx) of a route that changes state leaves the data as it was: a fingerprint of
 *   every table and of the files under DATA_DIR, taken before and after the call, is the same;
 * - `attempts`: every write route that can name another account's things (or that only some roles may
 *   use) is tried by every kind of actor on a bystander's real video, link, upload, subscription, studio,
 *   site, campaign…, with a body that passes validation, so the call reaches the checks that matter. Each
 *   answer is exact, and whatever it is, nothing anywhere changed;
 * - the same attempts, made by whom they belong to, do change the data: a missing check would have shown.
 */
type Access =
  /** Anyone, signed in or not. */
  | 'anyone'
  /** Any signed-in account. */
  | 'account'
  /**
   * Creators and channels (the accounts that publish). Identity verification and studios too: "Only
   * model and channel accounts verify their identity.", "Studios manage creators and channels." (contract).
   */
  | 'publisher'
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
  // The age gate's calls (ADR 0030): open to everyone, wherever they are, so the gate can be passed.
  'GET /v1/age-assurance': 'anyone',
  'POST /v1/age-assurance/declare': 'anyone',
  'POST /v1/age-assurance/start': 'anyone',
  'GET /v1/age-assurance/callback': 'anyone',
  // A person's data is theirs (ADR 0031): their own account's deletion and export. Keeping or deleting an
  // account that cannot sign in takes the one-time token its sign-in answer carried, not a session.
  'GET /v1/account/deletion': 'account',
  'POST /v1/account/deletion': 'account',
  'POST /v1/account/deletion/keep': 'anyone',
  'POST /v1/account/deletion/banned': 'anyone',
  'GET /v1/account/export': 'account',
  'POST /v1/account/export': 'account',
  'POST /v1/account/export/link': 'account',
  'GET /v1/account/export/file/{ticket}': 'anyone',
  'GET /v1/profile': 'account',
  'POST /v1/profile': 'account',
  'POST /v1/profile/stats': 'publisher',
  'POST /v1/profile/links/{id}/important': 'publisher',
  'GET /v1/profile/liked-videos': 'account',
  'GET /v1/profile/following-models': 'account',
  'GET /v1/profile/verification': 'account',
  'POST /v1/profile/verification': 'publisher',
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
  'POST /v1/profile/join-studio': 'publisher',
  'POST /v1/profile/leave-studio': 'publisher',
  'GET /v1/studio': 'studio manager',
  'GET /v1/ads': 'anyone',
  'POST /v1/ads/impressions': 'anyone',
  'GET /v1/ads/vast/{token}': 'anyone',
  'GET /v1/ads/click/{token}': 'anyone',
  // Who is in a video (ADR 0029): its uploader's to say (an admin may read it), a named creator's to answer.
  'GET /v1/videos/{id}/performers': 'account',
  'PUT /v1/videos/{id}/performers': 'account',
  'POST /v1/videos/{id}/performers/releases': 'account',
  'DELETE /v1/videos/{id}/performers/{performer}': 'account',
  'GET /v1/profile/appearances': 'account',
  'POST /v1/profile/appearances/{id}/decision': 'account',
  'GET /v1/users/{id}/appearances': 'anyone',
};
/** The admin module answers 401/403 before any of its routes runs (ADR 0015): one rule for all of them. */
const accessOf = (route: string): Access | undefined => access[route] ?? (route.split(' ')[1]!.startsWith('/v1/admin/') ? 'admin' : undefined);

/**
 * What a signed-in account a route is not for gets with the empty body, where that is not 403: the body
 * is refused before the account is looked at (422, or 415 for a form that is not multipart), or the route
 * finds nothing of the caller's (404: no studio to leave). The attempts below send a valid body and see
 * the refusal of the account itself.
 */
const emptyBodyRefusal: Record<string, number> = {
  'POST /v1/profile/links/{id}/important': 422,
  'POST /v1/profile/links/{id}/live': 422,
  'POST /v1/profile/verification': 415,
  'POST /v1/videos/upload-details': 422,
  'POST /v1/profile/add-geo-blocked-country': 422,
  'POST /v1/profile/delete-geo-blocked-country': 422,
  'POST /v1/profile/join-studio': 422,
  'POST /v1/profile/leave-studio': 404,
};

/**
 * GET routes that change state (read from the route table): deleting a video, and counting a click on
 * an ad before redirecting. Their refusals are fingerprinted like those of the other methods' routes.
 */
const stateChangingGets = new Set(['GET /v1/videos/{id}/delete', 'GET /v1/ads/click/{token}']);
const changesState = (route: string) => !/^(GET|HEAD|OPTIONS) /.test(route) || stateChangingGets.has(route);

type Actor = 'guest' | 'viewer' | 'creator' | 'other creator' | 'channel' | 'studio manager' | 'admin' | 'banned' | 'expired';
const actors: Actor[] = ['guest', 'viewer', 'creator', 'other creator', 'channel', 'studio manager', 'admin', 'banned', 'expired'];
/**
 * The attempts are also made by the studio manager acting (x-flick-act-for, ADR 0014) for a creator who is
 * not their member (refused, 403, whatever the route), and for their own member: on the routes a manager
 * may act on, the member's request, refused as the creator's is; elsewhere 403. As SECURITY.md has it, for a banned
 * member, 403 whatever the route (the ban stops the studio too); for a member who is an admin, as for any
 * member (acting carries no admin power: refused where a creator is).
 */
type Caller = Actor | 'manager for a non-member' | 'manager for its member' | 'manager for a banned member' | 'manager for an admin member';
const actingCallers = ['manager for a non-member', 'manager for its member', 'manager for a banned member', 'manager for an admin member'] as const;
const callers: Caller[] = [...actors, ...actingCallers];

const allowed: Record<Exclude<Access, 'signature'>, Actor[]> = {
  anyone: actors,
  account: ['viewer', 'creator', 'other creator', 'channel', 'studio manager', 'admin'],
  publisher: ['creator', 'other creator', 'channel'],
  'studio manager': ['studio manager'],
  admin: ['admin'],
};
/** Who has no valid session: refused with 401 wherever an account is needed. */
const sessionless = new Set<Actor>(['guest', 'banned', 'expired']);

/**
 * Left out of the fingerprint, each because it changes on requests whatever their outcome:
 * - rate_limits: every rate-limited request counts against its client address in onRequest, before the
 *   route decides anything (@fastify/rate-limit with plugins/pg-rate-limit-store.ts) — refused ones too,
 *   which is the point of a limit;
 * - sign_in_backoff: a failed sign-in counts against the e-mail address it tried, whoever's it is, which is
 *   the point of the backoff (SECURITY.md);
 * - auth_tokens.last_used_at (the column only, the rest of the table counts): authentication writes a
 *   session's last use, at most every 5 minutes, on any request carrying it (plugins/authenticate.ts).
 * Nothing else is: no table logs refused attempts (admin_audit and studio_actions record decisions and
 * actions that succeeded), and view, like, click and ad counts go through the counter buffer, which only
 * accepted calls feed (its flush is waited for after the attempts). The app runs no job workers here, so
 * no feed rebuild (feed_snapshots), live status poll (webcam_sites) or purge (videos) writes meanwhile;
 * pg-boss's own tables are in its schema, not looked at.
 */
const fingerprintOptions = { skipTables: ['rate_limits', 'sign_in_backoff'], skipColumns: ['auth_tokens.last_used_at'] };

interface Call {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
type Owner = 'victim' | 'liker' | 'admin' | 'partner' | 'co-performer';
interface Attempt {
  /** The request; built when sent (a push's timestamp, the sites' order now). `owner`: as its owner makes it. */
  request: (owner: boolean) => Call | Promise<Call>;
  /** Each caller's exact answer. A caller left out may do this (it is theirs to do) and is not asked. */
  answers: Partial<Record<Actor, number>>;
  /** Who may do it: the same request from them does change data, so a missing check would have shown. */
  owner?: Owner;
}

const noSession = (status = 401) => ({ guest: status, banned: status, expired: status });
const publishers = (status: number) => ({ creator: status, 'other creator': status, channel: status });
const nonPublishers = (status: number) => ({ viewer: status, 'studio manager': status, admin: status });
const accounts = (status: number) => ({ ...publishers(status), ...nonPublishers(status) });
const everyone = (status: number) => ({ ...noSession(status), ...accounts(status) });

/** A caller's exact answer to an attempt (on a route a manager may act on, or not); undefined: not asked. */
function answerTo(caller: Caller, attempt: Attempt, acting: boolean): number | undefined {
  if (caller === 'manager for a non-member' || caller === 'manager for a banned member') return 403;
  if (caller !== 'manager for its member' && caller !== 'manager for an admin member') return attempt.answers[caller];
  if (!acting) return 403;
  // The member's own request, asked where a creator is refused (one accepted is the member's, recorded in studio_actions).
  const asCreator = attempt.answers.creator;
  return asCreator !== undefined && asCreator >= 400 ? asCreator : undefined;
}

/** Write routes with no attempt, and why: none of them can name another account's data. */
const noAttempt: Record<string, string> = {
  'POST /v1/contact': 'adds a message from whoever sends it',
  'POST /v1/age-assurance/declare': "sets the caller's own browser pass; names no one (age-assurance.test.ts)",
  'POST /v1/age-assurance/start': "starts the caller's own age check; names no one (age-assurance.test.ts)",
  'POST /v1/check-username': 'reads',
  'POST /v1/resend-email': "mails the address's owner: open to anyone by design",
  'POST /v1/forgot-password': "mails the address's owner: open to anyone by design",
  'POST /v1/logout': "ends the caller's own session only",
  'POST /v1/account/deletion': "deletes the caller's own account, with its password (account-deletion.test.ts)",
  'POST /v1/account/deletion/keep': "a one-time token only the account's own sign-in with its password hands out (account-deletion.test.ts)",
  'POST /v1/account/deletion/banned': "a one-time token only the banned account's own sign-in with its password hands out (account-deletion.test.ts)",
  'POST /v1/account/export': "asks for the caller's own archive",
  'POST /v1/account/export/link': "a download address of the caller's own archive only (data-export.test.ts)",
  'POST /v1/profile/stats': "reads the caller's own statistics",
  'POST /v1/videos/upload': "refused to other roles before the body is read (the matrix sees the exact 403); an upload is its publisher's own",
  'POST /v1/videos/uploads': "refused to other roles before the body is read (the matrix sees the exact 403); an upload is its publisher's own",
  'POST /v1/discover/search': "open to everyone: records the caller's own search",
  'POST /v1/video-view': "open to everyone: counts the caller's own view",
  'POST /v1/profile-view': "open to everyone: counts the caller's own view",
  'POST /v1/removal-requests': "open to everyone: files the caller's own request",
  'POST /v1/report-video': "open to everyone: files the caller's own report",
  'POST /v1/event': 'open to everyone: counts a click',
  'POST /v1/link-click': 'open to everyone: counts a click',
  'POST /v1/ads/impressions': 'open to everyone: counts impressions of tickets we signed',
  'GET /v1/ads/click/{token}': 'open to everyone: counts a click on a ticket we signed',
};

let t: TestApp;
let routes: string[];
const headers = {} as Record<Caller, Record<string, string>>;
/** How to sign an actor in again (after signing out, the matrix's last route). */
const signIns = {} as Partial<Record<Actor, () => Promise<Record<string, string>>>>;
const owners = {} as Record<Owner, Record<string, string>>;
let attempts: Record<string, Attempt>;
let fingerprints: Awaited<ReturnType<typeof dataFingerprints>>;

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

const send = (call: Call, auth: Record<string, string>) =>
  t.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: { ...client(), ...auth, ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
  });

let ageProvider: TestAgeProvider;

beforeAll(async () => {
  // A real age-assurance provider (ADR 0030), so starting a check is let through as it would be in production.
  ageProvider = await startTestAgeProvider('http://flick.test/v1/age-assurance/callback');
  t = await createTestApp(
    { TRUST_PROXY: 'true', AGE_ASSURANCE_ISSUER: ageProvider.issuer, AGE_ASSURANCE_CLIENT_ID: ageProvider.clientId },
    {
      workers: false,
      // The seeded age rules: the console's removal of one is among the attempts.
      ageRules: 'seeded',
    },
  );
  const tools = adminAccounts(t.db);
  const studios = studiosService({ db: t.db, pool: t.pool });
  // Every account at once: signing up and in hashes passwords, the slow part of this setup.
  const model = () => signUp(t, 'model');
  const [viewer, creator, other, banned, expired, victim, liker, member, bystander, bannedMember, adminMember] = await Promise.all([
    signUp(t, 'user'),
    model(),
    model(),
    model(),
    model(),
    model(),
    model(),
    model(),
    model(),
    model(),
    model(),
  ]);
  const [, matrixStudio, victimStudio] = await Promise.all([
    tools.createChannel({ email: 'matrix-channel@channels.test', name: 'Matrix TV', username: 'matrix_tv', password: 'correct-horse-1' }),
    studios.admin.create('Matrix Studio', 'matrix-boss@studio.test', 'correct-horse-1'),
    // The victim's studio, whose manager is no actor.
    studios.admin.create('Victim Studio', 'victim-boss@studio.test', 'correct-horse-1'),
    tools.createAdmin({ email: 'matrix-admin@flick.test', password: 'correct-horse-battery' }),
  ]);
  Object.assign(signIns, {
    viewer: () => signInAs(t, viewer.account.email),
    creator: () => signInAs(t, creator.account.email),
    'other creator': () => signInAs(t, other.account.email),
    channel: () => signInAs(t, 'matrix-channel@channels.test'),
    'studio manager': () => signInAs(t, 'matrix-boss@studio.test'),
    admin: () => signInAs(t, 'matrix-admin@flick.test', 'correct-horse-battery'),
  });
  headers.guest = {};
  headers.viewer = viewer.auth;
  headers.creator = creator.auth;
  headers['other creator'] = other.auth;
  [headers.channel, headers['studio manager'], headers.admin] = await Promise.all([signIns.channel!(), signIns['studio manager']!(), signIns.admin!()]);
  headers.banned = banned.auth;
  headers.expired = expired.auth;
  // Publishers whose identity is checked, so that rules beyond who is asking (upload needs a verified
  // identity) do not hide what this test looks at.
  await t.pool.query(`update users set is_verified = 'approved' where id = any($1) or email = 'matrix-channel@channels.test'`, [
    [creator.id, other.id, victim.id, member.id, bannedMember.id, adminMember.id],
  ]);
  await t.pool.query('update users set banned_at = now() where id = $1', [banned.id]);
  await t.pool.query(`update auth_tokens set expires_at = now() - interval '1 day' where user_id = $1`, [expired.id]);
  // The whole document, the admin API included: the public one at /v1/docs leaves it out (SECURITY.md).
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/admin/docs/json', headers: headers.admin })).json() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

  // The bystanders whose things the attempts aim at; none of them is one of the actors. The victim: a
  // verified creator with videos, links, an upload under way, a push subscription, a geo-block and a
  // studio. The liker likes and rates a video of the victim's and follows them; unverified, so they may
  // still ask to be. The Matrix Studio's member, for its manager to act for. The bystander, for the
  // admin's decisions on someone else than the victim.
  owners.victim = victim.auth;
  owners.liker = liker.auth;
  headers['manager for a non-member'] = { ...headers['studio manager'], [STUDIO_ACT_FOR_HEADER]: String(victim.id) };
  headers['manager for its member'] = { ...headers['studio manager'], [STUDIO_ACT_FOR_HEADER]: String(member.id) };
  headers['manager for a banned member'] = { ...headers['studio manager'], [STUDIO_ACT_FOR_HEADER]: String(bannedMember.id) };
  headers['manager for an admin member'] = { ...headers['studio manager'], [STUDIO_ACT_FOR_HEADER]: String(adminMember.id) };
  const ok = async (call: Call, auth: Record<string, string>) => {
    const res = await send(call, auth);
    if (res.statusCode >= 300) throw new Error(`fixture ${call.method} ${call.url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  await ok({ method: 'POST', url: '/v1/profile/join-studio', payload: { key: matrixStudio.key } }, member.auth);
  await ok({ method: 'POST', url: '/v1/profile/join-studio', payload: { key: victimStudio.key } }, victim.auth);
  // Two more members of the Matrix Studio (SECURITY.md): one banned since joining, one an admin.
  await ok({ method: 'POST', url: '/v1/profile/join-studio', payload: { key: matrixStudio.key } }, bannedMember.auth);
  await ok({ method: 'POST', url: '/v1/profile/join-studio', payload: { key: matrixStudio.key } }, adminMember.auth);
  await t.pool.query('update users set banned_at = now() where id = $1', [bannedMember.id]);
  await t.pool.query('update users set is_admin = true where id = $1', [adminMember.id]);

  const video = async (status: 'approved' | 'processing', hidden: string | null = null) =>
    Number(
      (
        await t.pool.query<{ id: string }>(
          `insert into videos (user_id, title, slug, status, processed_at, playable_at, details_at, hidden_reason, hidden_at)
           values ($1, 'Victim video', 'victim-video', $2::video_status, now(), now(), case when $2::video_status = 'approved' then now() end, $3, case when $3::text is not null then now() end)
           returning id`,
          [victim.id, status, hidden],
        )
      ).rows[0]!.id,
    );
  // Published (approved, with details), one in the review queue, one taken down.
  const videos = {
    toDelete: await video('approved'),
    toDetail: await video('approved'),
    liked: await video('approved'),
    inReview: await video('processing'),
    toTakeDown: await video('approved'),
    takenDown: await video('approved', 'taken down'),
    reported: await video('approved'),
    // Who is in a video (ADR 0029): not yet published, so their lists may still change.
    toDeclare: await video('processing'),
    toAddRelease: await video('processing'),
    namingMember: await video('processing'),
    askingMember: await video('processing'),
    releaseToReview: await video('processing'),
    releaseToWithdraw: await video('processing'),
    // Held for the admins (ADR 0028): a fingerprint match.
    held: await video('processing'),
    heldToTakeDown: await video('processing'),
  };
  await t.pool.query(`insert into video_likes (viewer_key, video_id) values ($1, $2)`, [`u${liker.id}`, videos.liked]);
  await t.pool.query(`update videos set like_count = 1 where id = $1`, [videos.liked]);
  await t.pool.query(`insert into video_ratings (user_id, video_id, rating) values ($1, $2, 4)`, [liker.id, videos.liked]);
  await t.pool.query(`insert into video_reports (video_id, user_id, reason, message, client_ip) values ($1, $2, 'other', 'Not OK', '192.0.2.1')`, [
    videos.reported,
    liker.id,
  ]);
  await ok({ method: 'POST', url: '/v1/follow-model', payload: { model_id: victim.id, action: 'follow' } }, liker.auth);
  const link = async (url: string) =>
    Number(
      (
        await t.pool.query<{ id: string }>(
          `insert into user_links (user_id, url, name, site, position) values ($1, $2, 'Victim link', split_part(split_part($2, '://', 2), '/', 1), 0) returning id`,
          [victim.id, url],
        )
      ).rows[0]!.id,
    );
  const links = { toDelete: await link('https://victim.example/home'), toMark: await link('https://victim.example/cams') };
  await link('https://matrixcams.test/victimroom');
  const endpoint = 'https://push.example.test/victim-browser';
  await ok({ method: 'POST', url: '/v1/push/subscriptions', payload: { endpoint, keys: { p256dh: 'victim-key', auth: 'victim-auth' } } }, victim.auth);
  await ok({ method: 'POST', url: '/v1/profile/add-geo-blocked-country', payload: { country_code: 'DE' } }, victim.auth);
  const created = await ok(
    {
      method: 'POST',
      url: '/v1/videos/uploads',
      headers: { ...TUS, 'upload-length': '1000', 'upload-metadata': `filename ${b64('victim.mp4')},filetype ${b64('video/mp4')}` },
    },
    victim.auth,
  );
  const uploadUrl = created.headers.location as string;
  await ok(
    { method: 'PATCH', url: uploadUrl, headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, payload: Buffer.from('abcd') },
    victim.auth,
  );
  // The bystander's pending identity check, for the admin's decision.
  const pending = verificationForm();
  await ok({ method: 'POST', url: '/v1/profile/verification', payload: pending.payload, headers: pending.headers }, bystander.auth);
  const verificationId = Number((await t.pool.query<{ id: string }>('select id from verifications where user_id = $1', [bystander.id])).rows[0]!.id);
  // The admin's things: sites, contests, a campaign with a creative.
  for (const slug of ['matrix-cams', 'matrix-gone']) {
    await ok({ method: 'POST', url: '/v1/admin/webcam-sites', payload: { slug, name: slug, hosts: `${slug.replace('-', '')}.test` } }, headers.admin);
  }
  const secret = (await ok({ method: 'POST', url: '/v1/admin/webcam-sites/matrix-cams/push-secret' }, headers.admin)).json<{ secret: string }>().secret;
  const contest = async () =>
    (await ok({ method: 'POST', url: '/v1/admin/contests', payload: { userId: victim.id, title: 'Victim contest', content: 'Win' } }, headers.admin)).json<{
      id: number;
    }>().id;
  const contests = [await contest(), await contest()];
  const campaign = (await ok({ method: 'POST', url: '/v1/admin/ads/campaigns', payload: { advertiser: 'Acme', name: 'Victim campaign' } }, headers.admin)).json<{
    id: number;
  }>().id;
  const creative = (
    await ok(
      { method: 'POST', url: `/v1/admin/ads/campaigns/${campaign}/vast`, payload: { vastUrl: 'https://ads.example/vast.xml', clickUrl: 'https://acme.example/' } },
      headers.admin,
    )
  ).json<{ creatives: { id: number }[] }>().creatives[0]!.id;

  const picture = await sharp({ create: { width: 300, height: 250, channels: 3, background: '#c06' } })
    .png()
    .toBuffer();
  const get = (url: string): Call => ({ method: 'GET', url });
  const post = (url: string, payload?: unknown): Call => ({ method: 'POST', url, payload });
  const json = (method: string, url: string, payload: unknown): Call => ({ method, url, payload });
  const refusedToAll = { ...noSession(), ...accounts(403) };
  // An admin may: not asked here (the last test makes the admin's call).
  const refusedButToAdmins = { ...noSession(), ...publishers(403), viewer: 403, 'studio manager': 403 };
  const adminOnly = (request: Attempt['request']): Attempt => ({ request, answers: refusedButToAdmins, owner: 'admin' });
  // The victim names the Matrix Studio's member in two videos (one to take them off the list, one for them
  // to answer), and adds a release to two others, for the admins' review; two videos match removed content.
  owners['co-performer'] = member.auth;
  const named = async (videoId: number) =>
    (await ok(json('PUT', `/v1/videos/${videoId}/performers`, { onlyMe: false, creators: [member.account.username] }), victim.auth)).json<{
      performers: { id: number }[];
    }>().performers[0]!.id;
  const released = async (videoId: number) =>
    (await ok({ method: 'POST', url: `/v1/videos/${videoId}/performers/releases`, ...releaseForm() }, victim.auth)).json<{ performers: { id: number }[] }>()
      .performers[0]!.id;
  const performers = {
    toRemove: await named(videos.namingMember),
    asking: await named(videos.askingMember),
    toReview: await released(videos.releaseToReview),
    toWithdraw: await released(videos.releaseToWithdraw),
  };
  for (const held of [videos.held, videos.heldToTakeDown]) {
    await t.pool.query(`insert into video_holds (video_id, kind, reason) values ($1, 'matches-removed', 'Waiting for review')`, [held]);
  }
  const pushBody = JSON.stringify({ rooms: [{ room: 'victimroom', live: true }] });
  attempts = {
    'POST /v1/register': { request: () => post('/v1/register', { ...newAccount('model'), email: victim.account.email }), answers: everyone(422) },
    'POST /v1/verify-email': { request: () => post('/v1/verify-email', { token: 'not-a-token-of-anyone-at-all' }), answers: everyone(422) },
    'POST /v1/login': {
      // Each caller as the first: five failures lock the address (sign-in-abuse.test.ts).
      request: async () => {
        await t.pool.query('delete from sign_in_backoff');
        return post('/v1/login', { email: victim.account.email, password: 'not-the-password-1' });
      },
      answers: everyone(401),
    },
    'POST /v1/reset-password': {
      request: () => post('/v1/reset-password', { token: 'not-a-token-of-anyone-at-all', password: 'taken-over-horse-1', password_confirmation: 'taken-over-horse-1' }),
      answers: everyone(422),
    },
    'POST /v1/profile': { request: () => post('/v1/profile', { links: [{ id: links.toDelete, action: 'delete' }] }), answers: refusedToAll, owner: 'victim' },
    'POST /v1/profile/links/{id}/important': {
      request: () => post(`/v1/profile/links/${links.toMark}/important`, { important: true }),
      answers: refusedToAll,
      owner: 'victim',
    },
    'POST /v1/profile/verification': {
      request: () => ({ method: 'POST', url: '/v1/profile/verification', ...verificationForm() }),
      // Publishers get past the account check: theirs is approved already, so they are refused for that.
      answers: { ...noSession(), ...nonPublishers(403), ...publishers(422) },
      owner: 'liker',
    },
    'POST /v1/videos/upload-details': {
      request: () => post('/v1/videos/upload-details', { videoId: videos.toDetail, title: 'Taken over', tags: 'mine' }),
      // "Missing video identifier.", as for a video that does not exist: no hint that it does.
      answers: { ...noSession(), ...accounts(422) },
      owner: 'victim',
    },
    'GET /v1/videos/{id}/delete': { request: () => get(`/v1/videos/${videos.toDelete}/delete`), answers: refusedButToAdmins, owner: 'victim' },
    'PATCH /v1/videos/uploads/{id}': {
      request: () => ({
        method: 'PATCH',
        url: uploadUrl,
        headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': '4' },
        payload: Buffer.from('efgh'),
      }),
      // The upload is not found for another publisher (it is not theirs to know of).
      answers: { ...noSession(), ...nonPublishers(403), ...publishers(404) },
      owner: 'victim',
    },
    'DELETE /v1/videos/uploads/{id}': {
      request: () => ({ method: 'DELETE', url: uploadUrl, headers: TUS }),
      answers: { ...noSession(), ...nonPublishers(403), ...publishers(404) },
      owner: 'victim',
    },
    'POST /v1/video-like': {
      // The bearer decides whose like it is; user_id in the body is the client's claim. Guests name a guest id of their own.
      request: () => post('/v1/video-like', { video_id: videos.liked, type: 'remove', user_id: liker.id, guest_id: randomUUID() }),
      answers: everyone(200),
      owner: 'liker',
    },
    'POST /v1/video-rating/rate': { request: () => post('/v1/video-rating/rate', { video_id: videos.liked, rating: 1 }), answers: noSession(), owner: 'liker' },
    'POST /v1/follow-model': {
      request: () => post('/v1/follow-model', { model_id: victim.id, action: 'unfollow' }),
      answers: { ...noSession(), ...accounts(200) },
      owner: 'liker',
    },
    'POST /v1/live-status/{site}': {
      request: (owner) => {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const signature = owner ? pushSignature(secret, timestamp, pushBody) : '0'.repeat(64);
        return {
          method: 'POST',
          url: '/v1/live-status/matrix-cams',
          payload: pushBody,
          headers: { 'content-type': 'application/json', [LIVE_PUSH_TIMESTAMP_HEADER]: timestamp, [LIVE_PUSH_SIGNATURE_HEADER]: signature },
        };
      },
      answers: everyone(401),
      owner: 'partner',
    },
    // The victim's endpoint with other keys than its browser's is not taken over (SECURITY.md); the victim may renew them.
    'POST /v1/push/subscriptions': {
      request: (owner) =>
        post('/v1/push/subscriptions', {
          endpoint,
          keys: owner ? { p256dh: 'victim-key-renewed', auth: 'victim-auth-renewed' } : { p256dh: 'mallory-key', auth: 'mallory-auth' },
        }),
      answers: { ...noSession(), ...accounts(409) },
      owner: 'victim',
    },
    'DELETE /v1/push/subscriptions': {
      request: () => json('DELETE', '/v1/push/subscriptions', { endpoint }),
      answers: { ...noSession(), ...accounts(200) },
      owner: 'victim',
    },
    'POST /v1/profile/links/{id}/live': { request: () => post(`/v1/profile/links/${links.toMark}/live`, { live: true }), answers: refusedToAll, owner: 'victim' },
    'POST /v1/profile/add-geo-blocked-country': {
      request: () => post('/v1/profile/add-geo-blocked-country', { country_code: 'FR' }),
      answers: { ...noSession(), ...nonPublishers(403) },
      owner: 'victim',
    },
    'POST /v1/profile/delete-geo-blocked-country': {
      request: () => post('/v1/profile/delete-geo-blocked-country', { country_code: 'DE' }),
      // A publisher's own list, where DE is not: nothing to remove.
      answers: { ...noSession(), ...nonPublishers(403), ...publishers(200) },
      owner: 'victim',
    },
    'POST /v1/profile/join-studio': {
      request: () => post('/v1/profile/join-studio', { key: 'AAAA-BBBB-CCCC-DDDD-EEEE' }),
      answers: { ...noSession(), ...nonPublishers(403), ...publishers(422) },
    },
    // Who is in the victim's video is theirs to say (a manager acting for them may; an admin may only read it), ADR 0029.
    'PUT /v1/videos/{id}/performers': {
      request: () => json('PUT', `/v1/videos/${videos.toDeclare}/performers`, { onlyMe: true }),
      answers: refusedToAll,
      owner: 'victim',
    },
    'POST /v1/videos/{id}/performers/releases': {
      request: () => ({ method: 'POST', url: `/v1/videos/${videos.toAddRelease}/performers/releases`, ...releaseForm() }),
      answers: refusedToAll,
      owner: 'victim',
    },
    'DELETE /v1/videos/{id}/performers/{performer}': {
      request: () => ({ method: 'DELETE', url: `/v1/videos/${videos.namingMember}/performers/${performers.toRemove}` }),
      answers: refusedToAll,
      owner: 'victim',
    },
    // A request to appear is the named creator's alone to answer: no one else learns it exists, and no manager acts on it.
    'POST /v1/profile/appearances/{id}/decision': {
      request: () => post(`/v1/profile/appearances/${performers.asking}/decision`, { decision: 'approved' }),
      answers: { ...noSession(), ...accounts(404) },
      owner: 'co-performer',
    },
    // No one of the actors is in a studio; the victim is, and stays.
    'POST /v1/profile/leave-studio': { request: () => post('/v1/profile/leave-studio'), answers: { ...noSession(), ...accounts(404) }, owner: 'victim' },

    'POST /v1/admin/ads/campaigns': adminOnly(() => post('/v1/admin/ads/campaigns', { advertiser: 'Mallory', name: 'Not an admin' })),
    'POST /v1/admin/ads/campaigns/{id}': adminOnly(() => post(`/v1/admin/ads/campaigns/${campaign}`, { weight: 7, status: 'paused' })),
    'POST /v1/admin/ads/campaigns/{id}/creatives': adminOnly(() => ({
      method: 'POST',
      url: `/v1/admin/ads/campaigns/${campaign}/creatives?placement=sidebar&click_url=${encodeURIComponent('https://mallory.example/')}`,
      payload: picture,
      headers: { 'content-type': 'image/png' },
    })),
    'POST /v1/admin/ads/campaigns/{id}/vast': adminOnly(() =>
      post(`/v1/admin/ads/campaigns/${campaign}/vast`, { vastUrl: 'https://mallory.example/vast.xml', clickUrl: 'https://mallory.example/' }),
    ),
    'POST /v1/admin/ads/creatives/{id}': adminOnly(() => post(`/v1/admin/ads/creatives/${creative}`, { active: false })),
    'POST /v1/admin/verifications/{id}/decision': adminOnly(() => post(`/v1/admin/verifications/${verificationId}/decision`, { decision: 'approved' })),
    'POST /v1/admin/users/{id}/ban': adminOnly(() => post(`/v1/admin/users/${bystander.id}/ban`, { reason: 'Not an admin' })),
    'POST /v1/admin/users/{id}/unban': adminOnly(() => post(`/v1/admin/users/${banned.id}/unban`)),
    'POST /v1/admin/users/{id}/admin': adminOnly(() => post(`/v1/admin/users/${liker.id}/admin`, { isAdmin: true })),
    'POST /v1/admin/videos/decision': adminOnly(() => post('/v1/admin/videos/decision', { ids: [videos.inReview], decision: 'approved' })),
    'POST /v1/admin/videos/{id}/take-down': adminOnly(() => post(`/v1/admin/videos/${videos.toTakeDown}/take-down`, { reason: 'Not an admin' })),
    'POST /v1/admin/videos/{id}/restore': adminOnly(() => post(`/v1/admin/videos/${videos.takenDown}/restore`)),
    'POST /v1/admin/reports/{id}/decision': adminOnly(() => post(`/v1/admin/reports/${videos.reported}/decision`, { decision: 'dismiss' })),
    'PUT /v1/admin/age-rules': adminOnly(() => json('PUT', '/v1/admin/age-rules', { country: 'US', region: 'TX', rule: 'none', law: 'Not an admin' })),
    'DELETE /v1/admin/age-rules': adminOnly(() => ({ method: 'DELETE', url: '/v1/admin/age-rules?country=GB' })),
    'PUT /v1/admin/pages/{slug}': adminOnly(() => json('PUT', '/v1/admin/pages/terms', { title: 'Terms', html: '<p>Not an admin</p>' })),
    'POST /v1/admin/contests': adminOnly(() => post('/v1/admin/contests', { userId: member.id, title: 'Not an admin', content: 'Win' })),
    'POST /v1/admin/contests/{id}': adminOnly(() => post(`/v1/admin/contests/${contests[0]}`, { title: 'Not an admin', ended: true })),
    'POST /v1/admin/contests/order': adminOnly(() => post('/v1/admin/contests/order', { userId: victim.id, ids: [...contests].reverse() })),
    'POST /v1/admin/webcam-sites': adminOnly(() => post('/v1/admin/webcam-sites', { slug: 'mallory-cams', name: 'Mallory', hosts: 'mallory.example' })),
    'POST /v1/admin/webcam-sites/order': adminOnly(async () => {
      const { rows } = await t.pool.query<{ slug: string }>('select slug from webcam_sites order by position desc, id desc');
      return post('/v1/admin/webcam-sites/order', { slugs: rows.map((row) => row.slug) });
    }),
    'POST /v1/admin/webcam-sites/{slug}': adminOnly(() => post('/v1/admin/webcam-sites/matrix-cams', { name: 'Mallory' })),
    'DELETE /v1/admin/webcam-sites/{slug}': adminOnly(() => ({ method: 'DELETE', url: '/v1/admin/webcam-sites/matrix-gone' })),
    'PUT /v1/admin/webcam-sites/{slug}/icon': adminOnly(() => ({
      method: 'PUT',
      url: '/v1/admin/webcam-sites/matrix-cams/icon',
      payload: picture,
      headers: { 'content-type': 'image/png' },
    })),
    'DELETE /v1/admin/webcam-sites/{slug}/icon': adminOnly(() => ({ method: 'DELETE', url: '/v1/admin/webcam-sites/matrix-cams/icon' })),
    'PUT /v1/admin/webcam-sites/{slug}/status-feed': adminOnly(() =>
      json('PUT', '/v1/admin/webcam-sites/matrix-cams/status-feed', { url: 'https://matrixcams.test/status.json' }),
    ),
    'DELETE /v1/admin/webcam-sites/{slug}/status-feed': adminOnly(() => ({ method: 'DELETE', url: '/v1/admin/webcam-sites/matrix-cams/status-feed' })),
    'POST /v1/admin/webcam-sites/{slug}/push-secret': adminOnly(() => post('/v1/admin/webcam-sites/matrix-cams/push-secret')),
    'DELETE /v1/admin/webcam-sites/{slug}/push-secret': adminOnly(() => ({ method: 'DELETE', url: '/v1/admin/webcam-sites/matrix-cams/push-secret' })),
    'POST /v1/admin/studios': adminOnly(() =>
      post('/v1/admin/studios', { name: 'Mallory Studio', managerEmail: 'mallory@studio.test', managerPassword: 'correct-horse-battery' }),
    ),
    'POST /v1/admin/studios/{id}/rotate-key': adminOnly(() => post(`/v1/admin/studios/${victimStudio.studio.id}/rotate-key`)),
    'POST /v1/admin/holds/{id}/release': adminOnly(() => post(`/v1/admin/holds/${videos.held}/release`, { kind: 'matches-removed' })),
    'POST /v1/admin/holds/{id}/take-down': adminOnly(() => post(`/v1/admin/holds/${videos.heldToTakeDown}/take-down`, { reason: 'Not an admin' })),
    'POST /v1/admin/hash-lists': adminOnly(() => post('/v1/admin/hash-lists', { name: 'Mallory list', text: '0123456789abcdef\n' })),
    'POST /v1/admin/performer-releases/{id}/decision': adminOnly(() => post(`/v1/admin/performer-releases/${performers.toReview}/decision`, { decision: 'approved' })),
    'POST /v1/admin/performer-releases/{id}/withdraw': adminOnly(() =>
      post(`/v1/admin/performer-releases/${performers.toWithdraw}/withdraw`, { reason: 'Not an admin' }),
    ),
    'POST /v1/admin/channels': adminOnly(() =>
      post('/v1/admin/channels', { email: 'mallory@channels.test', name: 'Mallory TV', username: 'mallory_tv', password: 'correct-horse-battery' }),
    ),
  };
  fingerprints = await dataFingerprints(t, fingerprintOptions);
  // Whatever the fixtures handed to the counter buffer is written before the first fingerprint.
  await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS * 2));
}, 120_000);
afterAll(async () => {
  await fingerprints?.close();
  await t?.close();
  await ageProvider?.close();
});

/** An address with made-up values for its parameters: nothing of anyone's is named. */
const addressOf = (path: string) => path.replace(/\{(\w+)\}/g, (_all, name: string) => (/id$/i.test(name) ? '987654' : 'zz-none'));

describe('the authorization matrix', () => {
  it('has an entry for every route of the API, and an attempt on another account’s data for every write that can name one', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !accessOf(route))).toEqual([]);
    const writes = routes.filter(changesState);
    expect(writes.filter((route) => !attempts[route] && !noAttempt[route])).toEqual([]);
    expect(Object.keys(attempts).filter((route) => !routes.includes(route) || noAttempt[route])).toEqual([]);
    expect(Object.keys(noAttempt).filter((route) => !writes.includes(route))).toEqual([]);
    expect(fingerprints.tables.length).toBeGreaterThan(30);
  });

  it('answers each kind of actor on every route as its entry says, and a refused write changes nothing: 0 violations', async () => {
    const violations: string[] = [];
    let calls = 0;
    let fingerprinted = 0;
    // Signing out ends the session every later call needs: it goes last.
    const ordered = [...routes.filter((route) => route !== 'POST /v1/logout'), 'POST /v1/logout'];
    let before: Fingerprint | null = null;
    for (const route of ordered) {
      const rule = accessOf(route)!;
      const [method, path] = route.split(' ') as [string, string];
      const signature = rule === 'signature' ? new Set<number>() : null;
      for (const actor of actors) {
        const body = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? {} : { payload: {} };
        const watched = changesState(route);
        if (watched) before ??= await fingerprints.take();
        const res = await t.app.inject({ method: method as 'GET', url: addressOf(path), headers: { ...client(), ...headers[actor] }, ...body });
        calls += 1;
        const status = res.statusCode;
        if (watched && status >= 400 && status < 500) {
          const after = await fingerprints.take();
          const changed = fingerprints.changed(before!, after);
          fingerprinted += 1;
          if (changed.length) violations.push(`${route} as ${actor}: refused with ${status}, yet changed ${changed.join(', ')}`);
          before = after;
        } else before = null;
        if (signature) {
          signature.add(status);
          continue;
        }
        const mayPass = allowed[rule as Exclude<Access, 'signature'>].includes(actor);
        const refusal = sessionless.has(actor) ? 401 : (emptyBodyRefusal[route] ?? 403);
        const problem = mayPass
          ? status === 401 || status === 403 || status >= 500
            ? 'expected to be let through'
            : null
          : status === refusal
            ? null
            : `expected ${refusal}`;
        if (problem) violations.push(`${route} as ${actor}: ${problem}, got ${status} ${res.body.slice(0, 120)}`);
      }
      if (signature && (signature.size !== 1 || !signature.has(404)))
        violations.push(`${route}: expected 404 (no such site) to every actor, got ${[...signature].join(', ')}`);
    }
    expect(calls).toBe(routes.length * actors.length);
    expect(fingerprinted).toBeGreaterThan(400);
    expect(violations).toEqual([]);
    // Signing out ended these sessions; the tests below need them.
    await Promise.all(
      actors.map(async (actor) => {
        if (signIns[actor]) headers[actor] = await signIns[actor]();
      }),
    );
    for (const caller of actingCallers) headers[caller] = { ...headers[caller], ...headers['studio manager'] };
  }, 300_000);

  it('leaves another account’s data alone: each attempt on it gets its exact answer and changes nothing, for every kind of caller', async () => {
    const violations: string[] = [];
    let calls = 0;
    let refusedCalls = 0;
    const start = await fingerprints.take();
    let before = start;
    for (const [route, attempt] of Object.entries(attempts)) {
      for (const caller of callers) {
        const call = await attempt.request(false);
        const expected = answerTo(caller, attempt, isStudioActingPath(call.method, call.url.split('?')[0]!));
        if (expected === undefined) continue;
        const res = await send(call, headers[caller]);
        calls += 1;
        if (res.statusCode >= 400) refusedCalls += 1;
        if (res.statusCode !== expected) violations.push(`${route} as ${caller}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
        const after = await fingerprints.take();
        const changed = fingerprints.changed(before, after);
        if (changed.length) violations.push(`${route} as ${caller}: answered ${res.statusCode}, yet changed ${changed.join(', ')}`);
        before = after;
      }
    }
    // Anything a call handed to the counters reaches the database within a flush: written later, it would
    // show here, and the whole run must have left everything as it found it.
    await new Promise((resolve) => setTimeout(resolve, FLUSH_INTERVAL_MS * 2));
    const settled = await fingerprints.take();
    const late = fingerprints.changed(before, settled);
    if (late.length) violations.push(`after the attempts, a delayed write (the counters' flush) changed ${late.join(', ')}`);
    expect(violations).toEqual([]);
    expect(fingerprints.changed(start, settled)).toEqual([]);
    expect(calls).toBeGreaterThan(400);
    expect(refusedCalls).toBeGreaterThan(350);
  }, 300_000);

  it('would show a missing check: each attempt, made by whom it belongs to, does change the data', async () => {
    owners.admin = await signInAs(t, 'matrix-admin@flick.test', 'correct-horse-battery');
    owners.partner = {};
    const unchanged: string[] = [];
    for (const [route, attempt] of Object.entries(attempts)) {
      if (!attempt.owner) continue;
      const before = await fingerprints.take();
      const res = await send(await attempt.request(true), owners[attempt.owner]);
      const changed = fingerprints.changed(before, await fingerprints.take());
      if (res.statusCode >= 300 || changed.length === 0)
        unchanged.push(`${route} by the ${attempt.owner}: ${res.statusCode} ${res.body.slice(0, 120)}, changed ${changed.join(', ') || 'nothing'}`);
    }
    expect(unchanged).toEqual([]);
  }, 120_000);
});
