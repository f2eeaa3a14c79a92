import { adminMessages } from '@flick/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../src/plugins/error-handler.ts';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { client, signInAs } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { CUT_CONNECTION, REFUSE, withTrigger } from './helpers/db-faults.ts';

/**
 * Every admin write on webcam sites, studios and channels (ADR 0015): the decision and its record are
 * one transaction, so a record that cannot be written leaves the decision unapplied; and a database
 * that goes away mid-request is a 503 to retry, never a 4xx or the driver's words.
 */

let t: TestApp;
let admin: Record<string, string>;
let studioId: number;
let icon: Buffer;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  await adminAccounts(t.db).createAdmin({ email: 'decider@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'decider@flick.test', 'correct-horse-battery');
  studioId = (await studiosService({ db: t.db, pool: t.pool }).admin.create('Decisions Studio', 'decisions-boss@example.com', 'correct-horse-1')).studio.id;
  icon = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

interface Write {
  name: string;
  method: 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => object | Buffer;
  /** The table the decision writes first, where the connection is cut. */
  table: 'webcam_sites' | 'studios' | 'users';
}

const writes: Write[] = [
  {
    name: 'edit a site',
    method: 'POST',
    url: () => '/v1/admin/webcam-sites/stripchat',
    body: () => ({ name: 'Renamed', hosts: 'stripchat.com, sc.com' }),
    table: 'webcam_sites',
  },
  { name: "set a site's icon", method: 'PUT', url: () => '/v1/admin/webcam-sites/stripchat/icon', body: () => icon, table: 'webcam_sites' },
  { name: "remove a site's icon", method: 'DELETE', url: () => '/v1/admin/webcam-sites/stripchat/icon', table: 'webcam_sites' },
  {
    name: 'reorder the sites',
    method: 'POST',
    url: () => '/v1/admin/webcam-sites/order',
    body: () => ({ slugs: ['cam4', 'myfreecams', 'camsoda', 'bongacams', 'stripchat', 'chaturbate'] }),
    table: 'webcam_sites',
  },
  { name: 'remove a site', method: 'DELETE', url: () => '/v1/admin/webcam-sites/cam4', table: 'webcam_sites' },
  {
    name: 'add a site',
    method: 'POST',
    url: () => '/v1/admin/webcam-sites',
    body: () => ({ slug: 'newsite', name: 'New site', hosts: 'newsite.com' }),
    table: 'webcam_sites',
  },
  {
    name: "set a site's status feed",
    method: 'PUT',
    url: () => '/v1/admin/webcam-sites/stripchat/status-feed',
    body: () => ({ url: 'https://stripchat.example/online.json', listPath: 'models', roomField: 'username', intervalSeconds: 60 }),
    table: 'webcam_sites',
  },
  { name: "remove a site's status feed", method: 'DELETE', url: () => '/v1/admin/webcam-sites/stripchat/status-feed', table: 'webcam_sites' },
  { name: 'make a push secret', method: 'POST', url: () => '/v1/admin/webcam-sites/stripchat/push-secret', table: 'webcam_sites' },
  { name: 'stop pushes', method: 'DELETE', url: () => '/v1/admin/webcam-sites/stripchat/push-secret', table: 'webcam_sites' },
  {
    name: 'create a studio',
    method: 'POST',
    url: () => '/v1/admin/studios',
    body: () => ({ name: 'Brand New Studio', managerEmail: 'brand-new-boss@example.com', managerPassword: 'correct-horse-1' }),
    table: 'studios',
  },
  { name: "rotate a studio's key", method: 'POST', url: () => `/v1/admin/studios/${studioId}/rotate-key`, table: 'studios' },
  {
    name: 'create a channel',
    method: 'POST',
    url: () => '/v1/admin/channels',
    body: () => ({ email: 'fresh-tv@channels.test', name: 'Fresh TV', username: 'fresh_tv', password: 'correct-horse-1' }),
    table: 'users',
  },
];

function send(write: Write) {
  const body = write.body?.();
  const headers: Record<string, string> = { ...client(), ...admin };
  if (Buffer.isBuffer(body)) headers['content-type'] = 'image/png';
  return t.app.inject({ method: write.method, url: write.url(), headers, ...(body === undefined ? {} : { payload: body }) });
}

/** Everything these decisions could change, and the log. */
async function state() {
  const { rows } = await t.pool.query<Record<string, unknown>>(
    `select (select json_agg(w order by w.id) from webcam_sites w) as sites,
            (select json_agg(s order by s.id) from studios s) as studios,
            (select json_agg(m order by m.studio_id, m.user_id) from studio_managers m) as managers,
            (select json_agg(json_build_object('id', u.id, 'email', u.email, 'type', u.type) order by u.id) from users u) as users,
            (select count(*)::int from admin_audit) as decisions`,
  );
  return rows[0];
}

describe('every admin write on sites, studios and channels is one transaction with its record (ADR 0015)', () => {
  it.each(writes)('$name: with the audit record failing, the answer is a 5xx and nothing changes', async (write) => {
    const before = await state();
    const answer = await withTrigger(t.pool, 'admin_audit', 'insert', REFUSE, () => send(write));
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(500);
    expect(answer.json().message).not.toMatch(/audit log refuses/);
    expect(await state()).toEqual(before);
  });

  it.each(writes)('$name: answers 503 with retry-after when PostgreSQL goes away mid-request, never a 4xx or a driver message', async (write) => {
    const before = await state();
    const events = write.table === 'users' ? 'insert' : 'insert or update or delete';
    const answer = await withTrigger(t.pool, write.table, events, CUT_CONNECTION, () => send(write));
    expect([answer.statusCode, answer.json().message, answer.headers['retry-after']], answer.body).toEqual([
      503,
      UNAVAILABLE_MESSAGE,
      String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    ]);
    expect(await state()).toEqual(before);
  });

  // In this order: the reorder names the seeded sites, before one is removed and one added.
  it('each write still works and is on the record once the database is well', async () => {
    for (const write of writes) {
      const before = (await state())!.decisions as number;
      const answer = await send(write);
      expect(answer.statusCode, `${write.name}: ${answer.body}`).toBeLessThan(300);
      expect((await state())!.decisions, write.name).toBe(before + 1);
    }
  });
});

describe('creating a studio (accounts.md §7)', () => {
  it('refuses a taken studio name with 409 and leaves no manager account behind', async () => {
    const answer = await send({
      name: 'taken',
      method: 'POST',
      url: () => '/v1/admin/studios',
      body: () => ({ name: 'decisions studio', managerEmail: 'stray-boss@example.com', managerPassword: 'correct-horse-1' }),
      table: 'studios',
    });
    expect([answer.statusCode, answer.json().message]).toEqual([409, adminMessages.studioNameTaken]);
    expect((await t.pool.query('select 1 from users where email = $1', ['stray-boss@example.com'])).rowCount).toBe(0);
  });
});
