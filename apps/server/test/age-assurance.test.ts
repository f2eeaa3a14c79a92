import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_PASS_COOKIE } from '../src/lib/age-pass.ts';
import { isGatedRoute, OPEN_API_ROUTES } from '../src/plugins/age-gate.ts';
import { answerAtProvider, startTestAgeProvider, type TestAgeProvider } from './helpers/age-provider.ts';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const CALLBACK = 'http://flick.test/v1/age-assurance/callback';

/** A viewer at a place, as the trusted CDN names it (GEO_COUNTRY_HEADER / GEO_REGION_HEADER). */
const places = {
  uk: { 'cf-ipcountry': 'GB', 'cf-region-code': 'ENG' },
  texas: { 'cf-ipcountry': 'US', 'cf-region-code': 'TX' },
  california: { 'cf-ipcountry': 'US', 'cf-region-code': 'CA' },
  france: { 'cf-ipcountry': 'FR' },
  unknown: {},
} as const;
type PlaceName = keyof typeof places;

let t: TestApp;
let provider: TestAgeProvider;
let videoId: number;
let admin: Record<string, string>;

beforeAll(async () => {
  provider = await startTestAgeProvider(CALLBACK);
  t = await createTestApp(
    {
      TRUST_PROXY: 'true',
      GEO_COUNTRY_HEADER: 'cf-ipcountry',
      GEO_REGION_HEADER: 'cf-region-code',
      AGE_ASSURANCE_ISSUER: provider.issuer,
      AGE_ASSURANCE_CLIENT_ID: provider.clientId,
    },
    { workers: false, ageRules: 'seeded' },
  );
  const creator = await signUp(t, 'model');
  await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
  videoId = (await publishedVideos(t, creator.id, 1))[0]!;
  // A published video's first frame, at its public address.
  const dir = path.join(t.dataDir, 'media', 'videos', String(videoId));
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'first-frame.jpg'), Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'));
  const adminAccount = await signUp(t, 'user');
  await t.pool.query(`update users set is_admin = true where id = $1`, [adminAccount.id]);
  admin = adminAccount.auth;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const at = (place: PlaceName, extra: Record<string, string> = {}) => ({ ...client(), ...places[place], ...extra });
const feed = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/videos', headers });
const media = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/media/videos/${videoId}/first-frame.jpg`, headers });
const status = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/age-assurance', headers });

/** The value of the age pass a response sets, as the browser sends it back. */
function passOf(response: { headers: Record<string, unknown> }): string {
  const header = ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []).find((line) => line.startsWith(`${AGE_PASS_COOKIE}=`));
  if (!header) throw new Error('no age pass was set');
  return header.split(';')[0]!;
}

/** A whole check: start at Flick, answer at the provider, come back to Flick's callback. */
async function check(headers: Record<string, string>, answer: 'adult' | 'minor' = 'adult') {
  const started = await t.app.inject({ method: 'POST', url: '/v1/age-assurance/start', headers, payload: { returnTo: '/discover' } });
  expect(started.statusCode).toBe(200);
  const back = await answerAtProvider((started.json() as { url: string }).url, answer);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
  return { back, callback };
}

describe('jurisdiction rules: what each place gets before any check', () => {
  it.each([
    ['uk', 'assurance', 'age-assurance-required'],
    ['texas', 'assurance', 'age-assurance-required'],
    ['france', 'assurance', 'age-assurance-required'],
  ] as const)('%s: content and media answer 451 (%s), with a machine-readable reason, to a guest and an account', async (place, rule, reason) => {
    const viewer = await signUp(t, 'user');
    for (const headers of [at(place), at(place, viewer.auth)]) {
      const answer = await feed(headers);
      expect(answer.statusCode).toBe(451);
      expect(answer.json()).toEqual({ message: expect.any(String), reason, gate: '/age-check' });
      expect(answer.headers['cache-control']).toBe('private, no-store');
      const file = await media(headers);
      expect(file.statusCode).toBe(451);
      expect(file.headers['x-age-gate']).toBe(reason);
      expect((await status(headers)).json()).toMatchObject({ rule, satisfied: false, provider: { kind: 'configured' } });
    }
  });

  it.each(['california', 'unknown'] as const)('%s (no law; the seeded fallback is none): content and media are served, the gate costs nothing', async (place) => {
    expect((await feed(at(place))).statusCode).toBe(200);
    expect((await media(at(place))).statusCode).toBe(200);
    expect((await status(at(place))).json()).toMatchObject({ rule: 'none', satisfied: true });
  });

  it('keeps the gate, sign-in, the legal pages and support reachable where content is not', async () => {
    for (const url of ['/v1/age-assurance', '/v1/pages/policy', '/v1/config', '/v1/health']) {
      expect((await t.app.inject({ method: 'GET', url, headers: at('uk') })).statusCode, url).not.toBe(451);
    }
    const login = await t.app.inject({ method: 'POST', url: '/v1/login', headers: at('uk'), payload: { email: 'nobody@example.com', password: 'wrong-password-1' } });
    expect(login.statusCode).toBe(401);
  });

  it('lets identity-verified creators and admins through: they are checked adults', async () => {
    const creator = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
    expect((await feed(at('uk', creator.auth))).statusCode).toBe(200);
    expect((await feed(at('uk', admin))).statusCode).toBe(200);
  });
});

describe('an 18+ confirmation, where that is the rule', () => {
  it('is asked for, given once, and then lets the browser see content and media; an age check place refuses it', async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/age-rules',
      headers: admin,
      payload: { country: 'DE', rule: 'self-declaration', law: 'JMStV (test row)' },
    });
    expect(set.statusCode).toBe(200);
    const germany = { 'cf-ipcountry': 'DE' };
    const before = await feed({ ...client(), ...germany });
    expect(before.statusCode).toBe(451);
    expect(before.json()).toMatchObject({ reason: 'age-declaration-required' });

    const declared = await t.app.inject({ method: 'POST', url: '/v1/age-assurance/declare', headers: { ...client(), ...germany } });
    expect(declared.statusCode).toBe(200);
    const cookie = passOf(declared);
    expect((await feed({ ...client(), ...germany, cookie })).statusCode).toBe(200);
    expect((await media({ ...client(), ...germany, cookie })).statusCode).toBe(200);
    // A confirmation is not an age check: in the UK it changes nothing, and declaring there is refused.
    expect((await feed(at('uk', { cookie }))).statusCode).toBe(451);
    expect((await t.app.inject({ method: 'POST', url: '/v1/age-assurance/declare', headers: at('uk') })).statusCode).toBe(409);
  });
});

describe('an age check through the OpenID provider (code + PKCE, a real oidc-provider)', () => {
  it('lets a guest browser through once the provider says "over 18", and remembers nothing but until when', async () => {
    const { callback } = await check(at('uk'));
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/discover');
    const cookie = passOf(callback);
    expect(cookie).toMatch(new RegExp(`^${AGE_PASS_COOKIE}=1\\.assured\\.\\d+\\.[\\w-]{43}$`));
    for (const place of ['uk', 'texas', 'france'] as const) {
      expect((await feed(at(place, { cookie }))).statusCode).toBe(200);
      expect((await media(at(place, { cookie }))).statusCode).toBe(200);
    }
    expect((await status(at('uk', { cookie }))).json()).toMatchObject({ rule: 'assurance', satisfied: true, until: expect.any(String) });
    // Nothing of the request is left on the server.
    expect((await t.pool.query(`select count(*)::int as n from age_assurance_requests`)).rows[0].n).toBe(0);
  });

  it('remembers "assured until" on the account, which then passes on any device (and gives that browser its pass)', async () => {
    const viewer = await signUp(t, 'user');
    const { callback } = await check(at('uk', viewer.auth));
    expect(callback.statusCode).toBe(303);
    const { rows } = await t.pool.query(`select age_assured_until from users where id = $1`, [viewer.id]);
    expect(rows[0].age_assured_until.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // Another device: the bearer passes the API at once, and its first answer hands that browser a pass for the media.
    const onAnotherDevice = await feed(at('texas', viewer.auth));
    expect(onAnotherDevice.statusCode).toBe(200);
    expect((await media(at('texas'))).statusCode).toBe(451);
    expect((await media(at('texas', { cookie: passOf(onAnotherDevice) }))).statusCode).toBe(200);
    // The gate's status call does the same; a browser whose pass is already as long gets none again.
    const renewed = await status(at('texas', viewer.auth));
    expect((await media(at('texas', { cookie: passOf(renewed) }))).statusCode).toBe(200);
    expect((await feed(at('texas', { ...viewer.auth, cookie: passOf(renewed) }))).headers['set-cookie']).toBeUndefined();
  });

  it('refuses a provider answer of "under 18"', async () => {
    const { callback } = await check(at('uk'), 'minor');
    expect(callback.headers.location).toBe('/age-check?error=not-over-18');
    expect(callback.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a replayed answer: the same callback twice, and an earlier flow’s ID token handed again', async () => {
    const { back, callback } = await check(at('uk'));
    expect(callback.statusCode).toBe(303);
    const again = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: at('uk') });
    expect(again.headers.location).toBe('/age-check?error=failed');
    expect(again.headers['set-cookie']).toBeUndefined();

    provider.tamper = 'replay-earlier';
    try {
      const replayed = await check(at('uk'));
      expect(replayed.callback.headers.location).toMatch(/^\/age-check\?error=failed/);
      expect(replayed.callback.headers['set-cookie']).toBeUndefined();
    } finally {
      provider.tamper = 'none';
    }
  });

  it('refuses a forged ID token (signed by another key) and an expired one (signed by the provider)', async () => {
    for (const tamper of ['forge', 'expire'] as const) {
      provider.tamper = tamper;
      try {
        const { callback } = await check(at('uk'));
        expect(callback.headers.location, tamper).toMatch(/^\/age-check\?error=failed/);
        expect(callback.headers['set-cookie'], tamper).toBeUndefined();
      } finally {
        provider.tamper = 'none';
      }
    }
  });

  it('refuses a callback for a request it never started, and a forged pass cookie', async () => {
    const forgedCallback = await t.app.inject({ method: 'GET', url: '/v1/age-assurance/callback?code=abc&state=never-started', headers: at('uk') });
    expect(forgedCallback.headers.location).toBe('/age-check?error=failed');
    const forgedPass = `${AGE_PASS_COOKIE}=1.assured.${Math.floor(Date.now() / 1000) + 86_400}.${'A'.repeat(43)}`;
    expect((await feed(at('uk', { cookie: forgedPass }))).statusCode).toBe(451);
  });

  it('only sends the browser back to a path of this app', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'javascript:alert(1)', '/a\u0000b']) {
      const started = await t.app.inject({ method: 'POST', url: '/v1/age-assurance/start', headers: at('uk'), payload: { returnTo } });
      expect(started.statusCode, returnTo).toBe(422);
    }
  });
});

describe('hostile input at the gate', () => {
  it('stops a client starting checks by the thousand (20 in 10 minutes), so the pending requests stay bounded', async () => {
    const headers = at('uk');
    const answers: number[] = [];
    for (let i = 0; i < 25; i += 1) answers.push((await t.app.inject({ method: 'POST', url: '/v1/age-assurance/start', headers, payload: {} })).statusCode);
    expect(answers.filter((status) => status === 200)).toHaveLength(20);
    expect(answers.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('answers an over-long or NUL-laden callback with no 5xx, no pass and nothing used up', async () => {
    for (const query of [`code=${'x'.repeat(3000)}&state=s`, `state=${'s'.repeat(300)}`, 'code=a%00b&state=s%00t']) {
      const answer = await t.app.inject({ method: 'GET', url: `/v1/age-assurance/callback?${query}`, headers: at('uk') });
      expect(answer.statusCode, query).toBeLessThan(500);
      expect(answer.headers['set-cookie'], query).toBeUndefined();
    }
  });

  it('refuses a law with a NUL byte or over 300 characters in the console, and changes nothing', async () => {
    const put = (law: string) => t.app.inject({ method: 'PUT', url: '/v1/admin/age-rules', headers: admin, payload: { country: 'NL', rule: 'assurance', law } });
    expect((await put('Wet\u0000')).statusCode).toBe(422);
    expect((await put('x'.repeat(301))).statusCode).toBe(422);
    expect((await t.pool.query(`select count(*)::int as n from age_rules where country = 'NL'`)).rows[0].n).toBe(0);
  });
});

describe('the rules in the admin console', () => {
  it('lists the seeded laws with their start dates, and changes take effect at once', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/v1/admin/age-rules', headers: admin });
    expect(list.statusCode).toBe(200);
    const rows = (list.json() as { data: { country: string; region: string; rule: string; law: string; inForceSince: string | null }[] }).data;
    expect(rows[0]).toMatchObject({ country: '*', rule: 'none' });
    expect(list.json()).toMatchObject({ geolocation: true, placesFrom: expect.stringMatching(/^the CDN's cf-ipcountry header, then .*geolite2/), trustProxy: true });
    expect(rows).toContainEqual(expect.objectContaining({ country: 'GB', region: '', rule: 'assurance', inForceSince: '2025-07-25' }));
    expect(rows).toContainEqual(expect.objectContaining({ country: 'US', region: 'TX', rule: 'assurance', law: 'HB 1181' }));
    expect(rows.filter((row) => row.country === 'US')).toHaveLength(25);

    const set = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/age-rules',
      headers: admin,
      payload: { country: 'US', region: 'CA', rule: 'assurance', law: 'test' },
    });
    expect(set.statusCode).toBe(200);
    expect((await feed(at('california'))).statusCode).toBe(451);
    const removed = await t.app.inject({ method: 'DELETE', url: '/v1/admin/age-rules?country=US&region=CA', headers: admin });
    expect(removed.statusCode).toBe(204);
    expect((await feed(at('california'))).statusCode).toBe(200);
    const audit = await t.pool.query(`select action from admin_audit where target_type = 'age-rule' order by id`);
    expect(audit.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['set an age rule', 'removed an age rule']));
  });

  it('refuses places that do not exist and the fallback’s removal', async () => {
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/v1/admin/age-rules', headers: admin, payload });
    expect((await put({ country: 'XX', rule: 'assurance' })).statusCode).toBe(422);
    expect((await put({ country: 'US', region: 'ZZZ', rule: 'assurance' })).statusCode).toBe(422);
    expect((await put({ country: '*', region: 'TX', rule: 'assurance' })).statusCode).toBe(422);
    expect((await put({ country: 'US', region: 'TX', rule: 'forbidden' })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/admin/age-rules?country=*', headers: admin })).statusCode).toBe(422);
  });

  it('applies the fallback to places the lookup cannot tell', async () => {
    await t.app.inject({ method: 'PUT', url: '/v1/admin/age-rules', headers: admin, payload: { country: '*', rule: 'self-declaration' } });
    try {
      expect((await feed(at('unknown'))).statusCode).toBe(451);
      expect((await feed(at('california'))).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/v1/admin/age-rules', headers: admin, payload: { country: '*', rule: 'none' } });
    }
  });
});

describe('which routes the gate closes', () => {
  it('closes every route of the API that shows content, and leaves open exactly the gate, accounts, legal pages, support, creator tools and the console', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/admin/docs/json', headers: admin })).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} /v1${route.replace(/^\/v1/, '')}`),
    );
    const open = routes.filter((route) => !isGatedRoute(route.split(' ')[1]!.replace(/\{(\w+)\}/g, ':$1')));
    const gated = routes.filter((route) => !open.includes(route));
    // What shows other people's videos and creators is closed; a new route is closed unless listed as open.
    for (const route of [
      'GET /v1/videos',
      'GET /v1/users/{id}',
      'GET /v1/users/{id}/videos',
      'GET /v1/tags',
      'GET /v1/live',
      'GET /v1/profile/liked-videos',
      'GET /v1/profile/following-models',
      'GET /v1/profile/following-live',
    ]) {
      expect(gated, route).toContain(route);
    }
    for (const route of [
      'GET /v1/age-assurance',
      'POST /v1/login',
      'POST /v1/register',
      'GET /v1/page/{slug}',
      'POST /v1/contact',
      'POST /v1/removal-requests',
      'GET /v1/profile',
      'POST /v1/account/deletion',
    ]) {
      expect(open, route).toContain(route);
    }
    expect(open.every((route) => OPEN_API_ROUTES.some((prefix) => route.split(' ')[1] === prefix || route.split(' ')[1]!.startsWith(`${prefix}/`)))).toBe(true);
  });
});
