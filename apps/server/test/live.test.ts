import {
  IMPORTANT_LINKS_MAX,
  LIVE_PUSH_SIGNATURE_HEADER,
  LIVE_PUSH_TIMESTAMP_HEADER,
  liveListResponseSchema,
  liveMessages,
  publicUserResponseSchema,
} from '@flick/contract';
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { liveService, type LiveService } from '../src/modules/live/live.service.ts';
import { liveNotifier, vapidKeys } from '../src/modules/live/live-notifications.ts';
import { pushSignature } from '../src/modules/live/push-signature.ts';
import { client, signUp, signInAs } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Live status (ADR 0012): a cam site's status feed served by a real HTTP server on 127.0.0.1,
 * partners' signed pushes, and the creator's own 'I'm live now'.
 */
let t: TestApp;
let statusServer: http.Server;
let statusUrl: string;
/** What the status server answers next, and how many times it was asked. */
let answer: { status: number; body: string; delayMs: number };
let asked = 0;
const logged: { level: number; msg: string }[] = [];
let live: LiveService;
const password = 'correct-horse-1';
const SECRET = 'partner-secret-of-camhub';

let luna: Awaited<ReturnType<typeof signUp>>;
let kai: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;
const linkIds: Record<string, number> = {};

const online = (rooms: string[]) => {
  answer = { status: 200, body: JSON.stringify({ count: rooms.length, results: rooms.map((username) => ({ username, viewers: 10 })) }), delayMs: 0 };
};

async function addLink(userId: number, url: string) {
  const site = new URL(url).hostname;
  const { rows } = await t.pool.query<{ id: string }>('insert into user_links (user_id, url, name, site) values ($1, $2, $3, $3) returning id', [userId, url, site]);
  return Number(rows[0]!.id);
}

const profile = async (id: number) => publicUserResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/v1/users/${id}`, headers: client() })).json()).data;
const isLive = async (id: number) => (await profile(id)).isLive;
/** Every poll is due again: the interval is the site's business, not the test's. */
const makeDue = () => t.pool.query('update webcam_sites set status_polled_at = null, status_failures = 0');

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  statusServer = http.createServer((request, response) => {
    asked += 1;
    const { status, body, delayMs } = answer;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    }, delayMs);
  });
  await new Promise<void>((resolve) => statusServer.listen(0, '127.0.0.1', resolve));
  statusUrl = `http://127.0.0.1:${(statusServer.address() as AddressInfo).port}/online.json`;
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  live = liveService({ pool: t.pool, logger, statusTimeoutMs: 500, allowInternalFeeds: true });

  await t.pool.query(
    `insert into webcam_sites (slug, name, hosts, status_url, status_list_path, status_room_field, push_secret)
     values ('camhub', 'CamHub', '{camhub.example}', $1, 'results', 'username', $2)`,
    [statusUrl, SECRET],
  );
  luna = await signUp(t, 'model', { gender: 'f' });
  kai = await signUp(t, 'model', { gender: 'm' });
  viewer = await signUp(t, 'user');
  await publishedVideos(t, luna.id, 1);
  await publishedVideos(t, kai.id, 1);
  linkIds.luna = await addLink(luna.id, 'https://camhub.example/LunaVega');
  linkIds.lunaFans = await addLink(luna.id, 'https://fans.example/luna');
  linkIds.kai = await addLink(kai.id, 'https://www.camhub.example/kai_storm?tab=bio');
});
afterAll(async () => {
  statusServer.close();
  await t.close();
});
beforeEach(async () => {
  logged.length = 0;
  asked = 0;
  await makeDue();
});

describe('a cam site status feed (polled)', () => {
  it('makes a creator live within one poll, by the room named in their link, and drops them when the feed does', async () => {
    online(['lunavega', 'someone_else']);
    const [poll] = await live.pollDueSites();
    expect(poll).toMatchObject({ site: 'camhub', ok: true, rooms: 2, wentLive: 1, wentOffline: 0 });
    const shown = await profile(luna.id);
    expect(shown.isLive).toBe(true);
    expect(shown.links.find((l) => l.id === linkIds.luna)?.isLive).toBe(true);
    expect(shown.links.find((l) => l.id === linkIds.lunaFans)?.isLive).toBe(false);
    expect(await isLive(kai.id)).toBe(false);

    // The same answer again changes nothing and writes no link.
    await makeDue();
    expect((await live.pollDueSites())[0]).toMatchObject({ ok: true, wentLive: 0, wentOffline: 0 });

    online(['kai_storm']);
    await makeDue();
    expect((await live.pollDueSites())[0]).toMatchObject({ ok: true, wentLive: 1, wentOffline: 1 });
    expect(await isLive(luna.id)).toBe(false);
    expect(await isLive(kai.id)).toBe(true);
  });

  it('takes a list of names, or a list at the top of the answer, as the mapping says', async () => {
    await t.pool.query("update webcam_sites set status_list_path = '', status_room_field = '' where slug = 'camhub'");
    answer = { status: 200, body: JSON.stringify(['LunaVega']), delayMs: 0 };
    expect((await live.pollDueSites())[0]).toMatchObject({ ok: true, rooms: 1 });
    expect(await isLive(luna.id)).toBe(true);
    await t.pool.query("update webcam_sites set status_list_path = 'results', status_room_field = 'username' where slug = 'camhub'");
  });

  it.each([
    ['answers HTTP 500', { status: 500, body: '{"error":"down"}', delayMs: 0 }, 'the status feed answered HTTP 500'],
    ['does not answer JSON', { status: 200, body: '<html>maintenance</html>', delayMs: 0 }, 'the status feed did not answer JSON'],
    [
      'lists no room names (a changed format)',
      { status: 200, body: '{"results":[{"name":"x"},{"name":"y"}]}', delayMs: 0 },
      'no entry of the list has a "username" name',
    ],
    ['has no list where the mapping says', { status: 200, body: '{"data":[]}', delayMs: 0 }, 'the answer has no "results"'],
    ['is slower than its time limit', { status: 200, body: '{"results":[]}', delayMs: 1500 }, 'no whole answer within 0.5 s'],
  ])('changes nothing, and logs why, when the feed %s', async (_case, bad, reason) => {
    online(['lunavega', 'kai_storm']);
    await live.pollDueSites();
    const before = [await isLive(luna.id), await isLive(kai.id)];
    expect(before).toEqual([true, true]);

    answer = bad;
    await makeDue();
    const [poll] = await live.pollDueSites();
    expect(poll).toMatchObject({ site: 'camhub', ok: false });
    expect(poll?.ok === false && poll.error).toContain(reason);
    expect([await isLive(luna.id), await isLive(kai.id)]).toEqual(before);
    expect(logged.some((line) => line.level === 40 && line.msg.includes('live status of camhub not taken') && line.msg.includes(reason))).toBe(true);
    const { rows } = await t.pool.query("select status_failures, status_error from webcam_sites where slug = 'camhub'");
    expect(rows[0]).toMatchObject({ status_failures: 1 });
    expect(rows[0].status_error).toContain(reason);
  });

  it('waits longer after failures, and keeps its interval otherwise', async () => {
    answer = { status: 500, body: '', delayMs: 0 };
    await live.pollDueSites();
    expect(asked).toBe(1);
    // Polled a minute ago with one failure: due after two minutes, not one.
    await t.pool.query("update webcam_sites set status_polled_at = now() - interval '61 seconds', status_failures = 1");
    expect(await live.pollDueSites()).toEqual([]);
    await t.pool.query("update webcam_sites set status_polled_at = now() - interval '121 seconds'");
    expect(await live.pollDueSites()).toHaveLength(1);
  });

  it('drops a creator out of live when no good answer came within the window', async () => {
    online(['lunavega']);
    await live.pollDueSites();
    expect(await isLive(luna.id)).toBe(true);
    await t.pool.query("update webcam_sites set status_confirmed_at = now() - interval '6 minutes' where slug = 'camhub'");
    expect(await isLive(luna.id)).toBe(false);
  });

  it('is polled once, not twice, by two instances on one database asking at the same moment', async () => {
    online(['lunavega']);
    const secondInstance = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
    try {
      const other = liveService({ pool: secondInstance, logger: pino({ level: 'silent' }), allowInternalFeeds: true });
      const polls = await Promise.all([live.pollDueSites(), other.pollDueSites(), live.pollDueSites(), other.pollDueSites()]);
      expect(polls.flat()).toHaveLength(1);
      expect(asked).toBe(1);
    } finally {
      await secondInstance.end();
    }
  });
});

describe('POST /v1/live-status/{site}: a partner pushes', () => {
  const push = (
    body: string,
    { secret = SECRET, timestamp = String(Math.floor(Date.now() / 1000)), signature }: { secret?: string; timestamp?: string; signature?: string } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/live-status/camhub',
      payload: body,
      headers: {
        ...client(),
        'content-type': 'application/json',
        [LIVE_PUSH_TIMESTAMP_HEADER]: timestamp,
        [LIVE_PUSH_SIGNATURE_HEADER]: signature ?? `sha256=${pushSignature(secret, timestamp, body)}`,
      },
    });

  beforeEach(async () => {
    await t.pool.query('update user_links set live_source = null, live_site_id = null, live_since = null, live_until = null');
  });

  it('makes the rooms said live live for the window, and off again, with a good signature', async () => {
    const on = await push(
      JSON.stringify({
        rooms: [
          { room: 'LunaVega', live: true },
          { room: 'nobody_here', live: true },
        ],
      }),
    );
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ wentLive: 1, wentOffline: 0, unknownRooms: 1 });
    expect(await isLive(luna.id)).toBe(true);

    await t.pool.query("update user_links set live_until = now() - interval '1 second' where id = $1", [linkIds.luna]);
    expect(await isLive(luna.id)).toBe(false);

    await push(JSON.stringify({ rooms: [{ room: 'lunavega', live: true }] }));
    const off = await push(JSON.stringify({ rooms: [{ room: 'lunavega', live: false }] }));
    expect(off.json()).toEqual({ wentLive: 0, wentOffline: 1, unknownRooms: 0 });
    expect(await isLive(luna.id)).toBe(false);
  });

  it('refuses a bad signature, another secret, or a signature over another body with 401, changing nothing', async () => {
    const body = JSON.stringify({ rooms: [{ room: 'lunavega', live: true }] });
    for (const res of [
      await push(body, { signature: 'sha256=' + '0'.repeat(64) }),
      await push(body, { secret: 'not-the-secret' }),
      await push(body, { signature: `sha256=${pushSignature(SECRET, String(Math.floor(Date.now() / 1000)), '{"rooms":[]}')}` }),
      await push(body, { signature: 'garbage' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(liveMessages.badSignature);
    }
    expect(await isLive(luna.id)).toBe(false);
  });

  it('refuses a replayed push with 409 and a push older than 5 minutes with 401', async () => {
    const body = JSON.stringify({ rooms: [{ room: 'kai_storm', live: true }] });
    const timestamp = String(Math.floor(Date.now() / 1000));
    expect((await push(body, { timestamp })).statusCode).toBe(200);
    const again = await push(body, { timestamp });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(liveMessages.replayed);

    const old = await push(body, { timestamp: String(Math.floor(Date.now() / 1000) - 301) });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe(liveMessages.staleTimestamp);
    expect((await push(body, { timestamp: 'yesterday' })).statusCode).toBe(401);
  });

  it('answers 422 for a signed body that is not the push shape, 404 for no such site, 403 for a site without a secret', async () => {
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ rooms: [] }),
      JSON.stringify({ rooms: [{ room: '', live: true }] }),
      JSON.stringify({ rooms: [{ room: 'x', live: 'yes' }] }),
    ]) {
      const res = await push(body);
      expect(res.statusCode, body).toBe(422);
      expect(res.json().message).toBe(liveMessages.badBody);
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/live-status/nowhere', payload: '{}', headers: { ...client(), 'content-type': 'application/json' } });
    expect(unknown.statusCode).toBe(404);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/live-status/chaturbate',
      payload: '{}',
      headers: { ...client(), 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().message).toBe(liveMessages.noPushSecret);
  });
});

describe("POST /v1/profile/links/{id}/live: the creator's own 'I'm live now'", () => {
  const setLive = (id: number, isOn: boolean, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/v1/profile/links/${id}/live`, payload: { live: isOn }, headers: { ...client(), ...headers } });

  beforeEach(async () => {
    await t.pool.query('update user_links set live_source = null, live_site_id = null, live_since = null, live_until = null');
  });

  it('makes the link live for 4 hours, until switched off, and answers the link', async () => {
    const on = await setLive(linkIds.lunaFans!, true, luna.auth);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: liveMessages.wentLive, data: { id: linkIds.lunaFans, isLive: true } });
    expect(await isLive(luna.id)).toBe(true);
    const { rows } = await t.pool.query<{ hours: number }>('select (extract(epoch from live_until - now()) / 3600)::float8 as hours from user_links where id = $1', [
      linkIds.lunaFans,
    ]);
    expect(rows[0]!.hours).toBeGreaterThan(3.99);
    expect(rows[0]!.hours).toBeLessThanOrEqual(4);

    const off = await setLive(linkIds.lunaFans!, false, luna.auth);
    expect(off.json()).toMatchObject({ message: liveMessages.wentOffline, data: { isLive: false } });
    expect(await isLive(luna.id)).toBe(false);
  });

  it('ends by itself when its hours are over', async () => {
    await setLive(linkIds.lunaFans!, true, luna.auth);
    await t.pool.query("update user_links set live_until = now() - interval '1 second' where id = $1", [linkIds.lunaFans]);
    expect(await isLive(luna.id)).toBe(false);
  });

  it('answers each kind of visitor: guest 401, viewer 403, another creator 403, channel and admin 403 on a link not theirs', async () => {
    const channel = await adminAccounts(t.db).createChannel({ email: 'live_tv@live.test', name: 'Live TV', username: 'live_tv', password });
    const channelLink = await addLink(channel.id, 'https://camhub.example/live_tv');
    await adminAccounts(t.db).createAdmin({ email: 'admin@live.test', password });
    const asChannel = await signInAs(t, 'live_tv@live.test');
    const asAdmin = await signInAs(t, 'admin@live.test');

    expect((await setLive(linkIds.luna!, true)).statusCode).toBe(401);
    expect((await setLive(linkIds.luna!, true, viewer.auth)).json().message).toBe(liveMessages.linksForCreators);
    for (const other of [kai.auth, asChannel, asAdmin]) {
      const res = await setLive(linkIds.luna!, true, other);
      expect(res.statusCode).toBe(403);
    }
    expect(await isLive(luna.id)).toBe(false);
    expect((await setLive(channelLink, true, asChannel)).statusCode).toBe(200);
    expect((await setLive(999_999, true, luna.auth)).statusCode).toBe(404);
    expect((await setLive(0, true, luna.auth)).statusCode).toBe(422);
  });
});

describe('GET /v1/live: who is live now', () => {
  beforeAll(async () => {
    await t.pool.query('update user_links set live_source = null, live_site_id = null, live_since = null, live_until = null');
  });

  it('lists each live creator once with the live link to open, newest confirmation first, in the categories asked', async () => {
    online(['lunavega']);
    await makeDue();
    await live.pollDueSites();
    await t.app.inject({ method: 'POST', url: `/v1/profile/links/${linkIds.kai}/live`, payload: { live: true }, headers: { ...client(), ...kai.auth } });

    const all = liveListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/v1/live?gender=f,c,m,t', headers: client() })).json());
    expect(all.data.map((c) => c.id)).toEqual([kai.id, luna.id]);
    expect(all.data[1]!.link).toMatchObject({ id: linkIds.luna, url: 'https://camhub.example/LunaVega', isLive: true });
    const women = liveListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/v1/live?gender=f', headers: client() })).json());
    expect(women.data.map((c) => c.id)).toEqual([luna.id]);
  });

  it('shows live creators on Discover, in search and in the following list', async () => {
    const discover = (await t.app.inject({ method: 'GET', url: '/v1/discover?gender=f,c,m,t', headers: client() })).json();
    expect(discover.liveUsers.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([luna.id, kai.id]));
    const slug = (await profile(luna.id)).slug!;
    const found = (await t.app.inject({ method: 'POST', url: `/v1/discover/search?query=${slug}&gender=f`, payload: {}, headers: client() })).json();
    expect(found.users[0]).toMatchObject({ id: luna.id, isLive: true });
    await t.app.inject({ method: 'POST', url: '/v1/follow-model', payload: { model_id: luna.id, action: 'follow' }, headers: { ...client(), ...viewer.auth } });
    const following = (await t.app.inject({ method: 'GET', url: '/v1/profile/following-models', headers: { ...client(), ...viewer.auth } })).json();
    expect(following.data[0]).toMatchObject({ id: luna.id, isLive: true });
    // The 'Live now' strip of the following list: only followed creators who are live.
    const strip = liveListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/profile/following-live', headers: { ...client(), ...viewer.auth } })).json(),
    );
    expect(strip.data.map((c) => c.id)).toEqual([luna.id]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile/following-live', headers: client() })).statusCode).toBe(401);
  });
});

describe('important links', () => {
  it(`marks up to ${IMPORTANT_LINKS_MAX} of the owner's links as important`, async () => {
    const extra = [];
    for (let i = 0; i < IMPORTANT_LINKS_MAX + 1; i += 1) extra.push(await addLink(kai.id, `https://site${i}.example/kai`));
    const mark = (id: number, important: boolean, headers: Record<string, string> = kai.auth) =>
      t.app.inject({ method: 'POST', url: `/v1/profile/links/${id}/important`, payload: { important }, headers: { ...client(), ...headers } });
    for (const id of extra.slice(0, IMPORTANT_LINKS_MAX)) expect((await mark(id, true)).json()).toMatchObject({ data: { id, isImportant: true } });
    const fourth = await mark(extra[IMPORTANT_LINKS_MAX]!, true);
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe(liveMessages.tooManyImportant);
    expect((await mark(extra[0]!, false)).json()).toMatchObject({ data: { isImportant: false } });
    expect((await mark(extra[IMPORTANT_LINKS_MAX]!, true)).statusCode).toBe(200);
    expect((await mark(extra[0]!, true, luna.auth)).statusCode).toBe(403);
    expect((await mark(extra[0]!, true, {})).statusCode).toBe(401);
  });
});

describe('Web Push: followers are told when a creator goes live', () => {
  let pushService: http.Server;
  let pushBase: string;
  const delivered: { url: string; headers: http.IncomingHttpHeaders; bytes: number }[] = [];

  /** A browser's subscription keys: a P-256 public key and a 16-byte secret, base64url. */
  const browserKeys = () => ({
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  });
  const subscribe = (endpoint: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v1/push/subscriptions', payload: { endpoint, keys: browserKeys() }, headers: { ...client(), ...headers } });

  beforeAll(async () => {
    pushService = http.createServer((request, response) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        delivered.push({ url: request.url!, headers: request.headers, bytes });
        response.writeHead(request.url!.includes('gone') ? 410 : 201);
        response.end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  });
  afterAll(() => pushService.close());

  it('gives the VAPID public key made on the first start and kept under DATA_DIR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/push/key', headers: client() });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await vapidKeys(t.dataDir)).publicKey).toBe(res.json().publicKey);
  });

  it('takes a subscription from a signed-in account only, and a real URL only', async () => {
    expect((await subscribe(`${pushBase}/push/guest`)).statusCode).toBe(401);
    expect((await subscribe('not a url', viewer.auth)).statusCode).toBe(422);
    expect((await subscribe('ftp://push.example/x', viewer.auth)).json().message).toBe(liveMessages.badPushEndpoint);
    expect((await subscribe(`${pushBase}/push/viewer`, viewer.auth)).statusCode).toBe(201);
  });

  it('sends one encrypted message to each follower browser, removes the ones the service says are gone, and not again within hours', async () => {
    const other = await signUp(t, 'user');
    await t.app.inject({ method: 'POST', url: '/v1/follow-model', payload: { model_id: luna.id, action: 'follow' }, headers: { ...client(), ...other.auth } });
    expect((await subscribe(`${pushBase}/push/gone`, other.auth)).statusCode).toBe(201);
    // kai's followers: none with a subscription.
    const notifier = liveNotifier({
      pool: t.pool,
      logger: pino({ level: 'silent' }),
      keys: await vapidKeys(t.dataDir),
      subject: 'mailto:support@flick.test',
      allowHttpEndpoints: true,
    });

    delivered.length = 0;
    expect(await notifier.notify(luna.id)).toEqual({ sent: 1, removed: 1, failed: 0 });
    const toViewer = delivered.find((d) => d.url === '/push/viewer')!;
    expect(toViewer.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
    expect(toViewer.headers['content-encoding']).toBe('aes128gcm');
    expect(toViewer.headers.ttl).toBe('3600');
    expect(toViewer.bytes).toBeGreaterThan(100);
    expect((await t.pool.query("select 1 from push_subscriptions where endpoint like '%/push/gone'")).rowCount).toBe(0);

    delivered.length = 0;
    expect(await notifier.notify(luna.id)).toBeNull();
    expect(delivered).toEqual([]);
  });

  it('never sends to this machine or a private network, whatever endpoint a browser gives', async () => {
    // As deployed: real push services only (the tests' own service is on this machine).
    const deployed = liveNotifier({ pool: t.pool, logger: pino({ level: 'silent' }), keys: await vapidKeys(t.dataDir), subject: 'mailto:support@flick.test' });
    const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
    for (const endpoint of ['https://127.0.0.1/push', 'https://10.0.0.7/push', 'https://[::1]/push', 'https://169.254.169.254/latest']) {
      await expect(deployed.subscribe(viewer.id, { endpoint, keys })).rejects.toMatchObject({ statusCode: 422 });
    }
    // A name that points here, stored before: the message is refused at connect time, never delivered.
    await t.pool.query(`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, 'https://localhost:1/push', $2, $3)`, [
      viewer.id,
      keys.p256dh,
      keys.auth,
    ]);
    await t.pool.query(`delete from live_notifications`).catch(() => undefined);
    delivered.length = 0;
    const result = await deployed.notify(luna.id);
    expect(result?.sent ?? 0).toBe(0);
    expect(delivered).toEqual([]);
    await t.pool.query(`delete from push_subscriptions where endpoint = 'https://localhost:1/push'`);
  });

  it('asks for the followers to be told when a creator goes live by their own word', async () => {
    await t.pool.query('update user_links set live_source = null, live_site_id = null, live_since = null, live_until = null');
    await t.app.inject({ method: 'POST', url: `/v1/profile/links/${linkIds.kai}/live`, payload: { live: true }, headers: { ...client(), ...kai.auth } });
    const { rows } = await t.pool.query("select data from pgboss.job where name = 'notify-live'");
    expect(rows.map((r) => r.data)).toContainEqual({ creatorId: kai.id });
  });
});

describe('who may call the live endpoints', () => {
  it('answers each kind of visitor: guest, viewer, creator, another creator, channel and admin', async () => {
    await adminAccounts(t.db).createChannel({ email: 'who_tv@live.test', name: 'Who TV', username: 'who_tv', password });
    await adminAccounts(t.db).createAdmin({ email: 'who_admin@live.test', password });
    const actors: Record<string, Record<string, string>> = {
      guest: {},
      viewer: viewer.auth,
      creator: luna.auth,
      'another creator': kai.auth,
      channel: await signInAs(t, 'who_tv@live.test'),
      admin: await signInAs(t, 'who_admin@live.test'),
    };
    const status = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
      (await t.app.inject({ method, url, headers: { ...client(), ...headers }, payload })).statusCode;
    const expected: Record<string, [live: number, followingLive: number, important: number, subscribe: number]> = {
      guest: [200, 401, 401, 401],
      viewer: [200, 200, 403, 201],
      creator: [200, 200, 200, 201],
      'another creator': [200, 200, 403, 201],
      channel: [200, 200, 403, 201],
      admin: [200, 200, 403, 201],
    };
    for (const [actor, headers] of Object.entries(actors)) {
      const answered = [
        await status('GET', '/v1/live', headers),
        await status('GET', '/v1/profile/following-live', headers),
        await status('POST', `/v1/profile/links/${linkIds.lunaFans}/important`, headers, { important: false }),
        await status('POST', '/v1/push/subscriptions', headers, {
          endpoint: `https://push.example/${actor.replace(' ', '-')}`,
          keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        }),
      ];
      expect(answered, actor).toEqual(expected[actor]);
    }
  });
});
