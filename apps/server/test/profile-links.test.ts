import {
  LINKS_MAX,
  ownProfileResponseSchema,
  ownProfileUpdateResponseSchema,
  profilePageMessages,
  publicProfileResponseSchema,
  type ProfileLinksRequest,
} from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
});
afterAll(() => t.close());

const change = (auth: Record<string, string>, links: ProfileLinksRequest['links'] | unknown) =>
  t.app.inject({ method: 'POST', url: '/v1/profile', payload: { links }, headers: { ...auth, ...client() } });
const storedUrls = async (userId: number) =>
  (await t.pool.query<{ url: string }>('select url from user_links where user_id = $1 order by position, id', [userId])).rows.map((r) => r.url);

describe('POST /v1/profile {links} add', () => {
  it('adds a link, with https:// when no scheme was typed: "Link added", and answers user.links', async () => {
    const owner = await signUp(t, 'model');
    const res = await change(owner.auth, [{ url: 'www.Chaturbate.com/luna', action: 'add' }]);
    expect(res.statusCode).toBe(200);
    const { message, user } = ownProfileUpdateResponseSchema.parse(res.json());
    expect(message).toBe(profilePageMessages.linkAdded);
    expect(user.id).toBe(owner.id);
    expect(user.links).toEqual([
      { id: expect.any(Number), url: 'https://www.Chaturbate.com/luna', name: 'Chaturbate', icon: 'chaturbate', isLive: false, isImportant: false },
    ]);

    const second = ownProfileUpdateResponseSchema.parse((await change(owner.auth, [{ url: 'http://onlyfans.com:8080/luna?ref=flick', action: 'add' }])).json());
    expect(second.user.links.map((l) => l.url)).toEqual(['https://www.Chaturbate.com/luna', 'http://onlyfans.com:8080/luna?ref=flick']);

    // GET /v1/profile and the public profile show the same list.
    const own = ownProfileResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: owner.auth })).json());
    expect(own.user.links).toEqual(second.user.links);
    const pub = publicProfileResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/v1/users/${owner.id}` })).json());
    expect(pub.data.links).toEqual(second.user.links);
  });

  const invalid = [
    'not a url',
    'chaturbate',
    'ftp://chaturbate.com/luna',
    'javascript:alert(1)',
    'https://localhost/luna',
    'https://chaturbate.c/luna',
    'https://chatur bate.com',
    'https://chaturbate.123',
    'https://user@chaturbate.com',
    `https://example.com/${'a'.repeat(600)}`,
    '',
  ];
  it(`refuses ${invalid.length} malformed URLs with 422 "${profilePageMessages.invalidLinkUrl}", storing nothing`, async () => {
    const owner = await signUp(t, 'model');
    for (const url of invalid) {
      const res = await change(owner.auth, [{ url, action: 'add' }]);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ message: profilePageMessages.invalidLinkUrl, errors: { 'links.0.url': [profilePageMessages.invalidLinkUrl] } });
    }
    const missing = await change(owner.auth, [{ action: 'add' }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(profilePageMessages.invalidLinkUrl);
    expect(await storedUrls(owner.id)).toEqual([]);
  });

  it('refuses a malformed change list with 422', async () => {
    const owner = await signUp(t, 'model');
    for (const links of [[], 'https://a.com', [{ url: 'https://a.com', action: 'edit' }], [{ id: 'x', action: 'delete' }], [{ action: 'delete' }]]) {
      expect((await change(owner.auth, links)).statusCode, JSON.stringify(links)).toBe(422);
    }
  });

  it('refuses a link the profile already has (422), whatever the case', async () => {
    const owner = await signUp(t, 'model');
    await change(owner.auth, [{ url: 'https://stripchat.com/luna', action: 'add' }]);
    const res = await change(owner.auth, [{ url: 'HTTPS://STRIPCHAT.COM/luna', action: 'add' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(profilePageMessages.duplicateLink);
    const twice = await change(owner.auth, [
      { url: 'https://a-site.com', action: 'add' },
      { url: 'a-site.com', action: 'add' },
    ]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'links.1.url': [profilePageMessages.duplicateLink] });
    expect(await storedUrls(owner.id)).toEqual(['https://stripchat.com/luna']);
  });

  it(`keeps a profile to ${LINKS_MAX} links (422 beyond)`, async () => {
    const owner = await signUp(t, 'model');
    const many = Array.from({ length: LINKS_MAX }, (_, i) => ({ url: `https://site${i}.com/luna`, action: 'add' as const }));
    expect((await change(owner.auth, many)).statusCode).toBe(200);
    const res = await change(owner.auth, [{ url: 'https://one-more.com', action: 'add' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(profilePageMessages.tooManyLinks(LINKS_MAX));
    expect(await storedUrls(owner.id)).toHaveLength(LINKS_MAX);
  });

  it('is for creators and channels: a viewer account gets 403, a guest 401', async () => {
    const viewer = await signUp(t, 'user');
    const res = await change(viewer.auth, [{ url: 'https://chaturbate.com/me', action: 'add' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(profilePageMessages.linksForCreators);
    expect(await storedUrls(viewer.id)).toEqual([]);
    expect((await change({}, [{ url: 'https://chaturbate.com/me', action: 'add' }])).statusCode).toBe(401);
  });
});

describe('POST /v1/profile {links} delete', () => {
  it('deletes an own link: "Link deleted successfully", and the answer no longer lists it', async () => {
    const owner = await signUp(t, 'model');
    const { user } = ownProfileUpdateResponseSchema.parse(
      (
        await change(owner.auth, [
          { url: 'https://a.com', action: 'add' },
          { url: 'https://b.com', action: 'add' },
        ])
      ).json(),
    );
    const res = await change(owner.auth, [{ id: user.links[0]!.id, action: 'delete' }]);
    expect(res.statusCode).toBe(200);
    const after = ownProfileUpdateResponseSchema.parse(res.json());
    expect(after.message).toBe(profilePageMessages.linkDeleted);
    expect(after.user.links.map((l) => l.url)).toEqual(['https://b.com']);
  });

  it("answers 403 to another user deleting someone else's link, and the link stays", async () => {
    const owner = await signUp(t, 'model');
    const intruder = await signUp(t, 'model');
    const { user } = ownProfileUpdateResponseSchema.parse((await change(owner.auth, [{ url: 'https://mine.com', action: 'add' }])).json());
    const linkId = user.links[0]!.id;

    const res = await change(intruder.auth, [{ id: linkId, action: 'delete' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(profilePageMessages.notYourLink);
    // The whole request fails: the intruder's own add in the same list is not stored either.
    const mixed = await change(intruder.auth, [
      { url: 'https://theirs.com', action: 'add' },
      { id: linkId, action: 'delete' },
    ]);
    expect(mixed.statusCode).toBe(403);
    // A user_id in the body changes nothing: the endpoint acts on the signed-in account only.
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      payload: { user_id: owner.id, links: [{ id: linkId, action: 'delete' }] },
      headers: { ...intruder.auth, ...client() },
    });
    expect(claimed.statusCode).toBe(403);

    expect(await storedUrls(owner.id)).toEqual(['https://mine.com']);
    expect(await storedUrls(intruder.id)).toEqual([]);
  });

  it('answers 404 for a link that does not exist', async () => {
    const owner = await signUp(t, 'model');
    const res = await change(owner.auth, [{ id: 987654321, action: 'delete' }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(profilePageMessages.linkNotFound);
  });

  it('adds and deletes in one request together', async () => {
    const owner = await signUp(t, 'model');
    const { user } = ownProfileUpdateResponseSchema.parse((await change(owner.auth, [{ url: 'https://old.com', action: 'add' }])).json());
    const res = await change(owner.auth, [
      { id: user.links[0]!.id, action: 'delete' },
      { url: 'https://old.com/new', action: 'add' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(profilePageMessages.linksUpdated);
    expect(await storedUrls(owner.id)).toEqual(['https://old.com/new']);
  });
});
