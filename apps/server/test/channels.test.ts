import { channelListResponseSchema, channelMessages, CHANNEL_PAGE_SIZE, textMessages, type ChannelCard } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { channelsPageSql } from '../src/modules/users/users.repository.ts';
import { signUp, signInAs } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
const password = 'correct-horse-1';
/** Three channels: studio (most followed, 4 published videos), network, and a new one with nothing yet. */
let studio: number;
let network: number;
let fresh: number;

async function channel(username: string, followers: number, extra: Record<string, string | null> = {}) {
  const row = await adminAccounts(t.db).createChannel({ email: `${username}@channels.test`, name: `${username} TV`, username, password });
  await t.pool.query('update users set followers_count = $2, color = $3, avatar = $4, cover = $5 where id = $1', [
    row.id,
    followers,
    extra.color ?? null,
    extra.avatar ?? null,
    extra.cover ?? null,
  ]);
  return row.id;
}

const list = async (query = 'type=channel', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/users?${query}`, headers });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  studio = await channel('studio_one', 120, {
    color: '#ff2e88',
    avatar: '/media/users/1/avatar-0123456789abcdef-150.webp',
    cover: '/media/users/1/cover-0123456789abcdef-500.webp',
  });
  network = await channel('night_network', 40);
  fresh = await channel('fresh_channel', 0);
  await publishedVideos(t, studio, 4);
  await publishedVideos(t, studio, 2, { status: 'rejected' });
  await publishedVideos(t, studio, 1, { uploadDate: new Date(Date.now() + 86_400_000) });
  await publishedVideos(t, network, 1);
  const creator = await signUp(t, 'model');
  await t.pool.query('update users set followers_count = 500 where id = $1', [creator.id]);
});
afterAll(() => t.close());

describe('GET /v1/users?type=channel (viewer.md §2 Channels, §7)', () => {
  it('lists the channels only, most followed first, with colour, published videos, followers and sized images', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const { data, links } = channelListResponseSchema.parse(body);
    expect(data.map((c) => c.id)).toEqual([studio, network, fresh]);
    expect(links.next).toBeNull();
    expect(data[0]).toMatchObject({ name: 'studio_one TV', slug: 'studio_one', color: '#ff2e88', totalVideos: 4, totalFollowers: 120 });
    expect(data[0]!.avatarSources.map((s) => s.width)).toEqual([150, 300]);
    expect(data[0]!.coverSources.map((s) => s.width)).toEqual([500, 1000]);
    expect(data[2]).toMatchObject({ totalVideos: 0, totalFollowers: 0, avatar: null, avatarSources: [], color: null });
    expect(JSON.stringify(body)).not.toContain('@channels.test');
  });

  it('pages by keyset along links.next, each channel once', async () => {
    const seen: ChannelCard[] = [];
    let url: string | null = '/v1/users?type=channel&per_page=2';
    while (url) {
      const res = await t.app.inject({ method: 'GET', url });
      const page = channelListResponseSchema.parse(res.json());
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data);
      url = page.links.next ? `/v1${page.links.next.replace(/^\/v1/, '')}` : null;
    }
    expect(seen.map((c) => c.id)).toEqual([studio, network, fresh]);
  });

  it('refuses any other type with a clear 422', async () => {
    for (const query of ['', 'type=model', 'type=user', 'type=channel%27%3B--']) {
      const { status, body } = await list(query);
      expect(status, query).toBe(422);
      expect(body.errors).toEqual({ type: [channelMessages.onlyChannels] });
    }
  });

  it('starts at the top for a cursor that is not ours, and keeps per_page within the page size', async () => {
    for (const cursor of ['garbage', 'MTIzfA', 'AAAA', 'x'.repeat(150)]) {
      const { status, body } = await list(`type=channel&cursor=${cursor}`);
      expect(status, cursor).toBe(200);
      expect((body.data as ChannelCard[]).map((c) => c.id)).toEqual([studio, network, fresh]);
    }
    expect((await list('type=channel&cursor=' + 'x'.repeat(201))).status).toBe(422);
    // A raw NUL is refused at the edge (SECURITY.md); one inside a cursor ('AAAA') is no cursor of ours.
    expect(await list('type=channel&cursor=%00%00')).toMatchObject({ status: 422, body: { message: textMessages.invalidText } });
    const { body } = await list('type=channel&per_page=1000');
    expect((body.data as ChannelCard[]).length).toBeLessThanOrEqual(CHANNEL_PAGE_SIZE);
  });

  it('answers every kind of visitor the same: guest, viewer, creator, another creator, channel and admin', async () => {
    const guest = await list();
    const viewer = await signUp(t, 'user');
    const creator = await signUp(t, 'model');
    const anotherCreator = await signUp(t, 'model');
    const asChannel = await signInAs(t, 'studio_one@channels.test');
    await adminAccounts(t.db).createAdmin({ email: 'admin@channels.test', password });
    const asAdmin = await signInAs(t, 'admin@channels.test');
    for (const headers of [viewer.auth, creator.auth, anotherCreator.auth, asChannel, asAdmin]) {
      const seen = await list('type=channel', headers);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual(guest.body);
    }
  });

  it('reads a page as a range of users_channels_idx', async () => {
    const db = await t.pool.connect();
    try {
      await db.query('begin');
      // Three channels are too few for the planner to prefer any index; this asks whether it can use it.
      await db.query('set local enable_seqscan = off');
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${channelsPageSql}`, ['9223372036854775807', '9223372036854775807', 31, [12, 34]]);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('users_channels_idx');
      expect(plan).not.toContain('Sort');
      await db.query('rollback');
    } finally {
      db.release();
    }
  });
});
