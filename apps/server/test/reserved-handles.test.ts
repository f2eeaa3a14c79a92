import { accountMessages, isReservedHandle, USERNAME_PATTERN } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers: { ...client(), ...headers } });
/** Handles once found free (SECURITY.md): each is a first path segment of ours. */
const taken = ['media', 'Admin', 'ads', 'assets', 'v1', 'discover', 'LIVE', 'metrics'];

describe('handles a creator may not take', () => {
  it(`refuses each first path segment of ours, whatever its case: "${accountMessages.usernameReserved}"`, async () => {
    const creator = await signUp(t, 'model');
    for (const username of taken) {
      const check = await post('/v1/check-username', { username });
      expect(check.statusCode, username).toBe(422);
      expect(check.json().errors.username).toEqual([accountMessages.usernameReserved]);
      const register = await post('/v1/register', newAccount('model', { username }));
      expect(register.statusCode, username).toBe(422);
      expect(register.json().errors.username).toEqual([accountMessages.usernameReserved]);
      const renamed = await post('/v1/profile', { name: 'A creator', username }, creator.auth);
      expect(renamed.statusCode, username).toBe(422);
      expect(renamed.json().errors.username).toEqual([accountMessages.usernameReserved]);
    }
    expect((await t.pool.query('select count(*)::int as n from users where lower(slug) = any($1)', [taken.map((h) => h.toLowerCase())])).rows[0].n).toBe(0);
  });

  it('leaves an account that already holds one alone: it still saves its details', async () => {
    const creator = await signUp(t, 'model');
    await t.pool.query(`update users set username = 'live', slug = 'live' where id = $1`, [creator.id]);
    const saved = await post('/v1/profile', { name: 'Still live', username: 'live', description: 'Unchanged handle' }, creator.auth);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ name: 'Still live', username: 'live' });
  });

  it("reserves every first segment the server serves: its routes' and its static files'", () => {
    const served = new Set<string>();
    // Fastify's route tree, one node a line, four characters of indent a level: a node's path is its ancestors' joined.
    const ancestors: string[] = [];
    for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const node = /^((?:│ {3}| {4})*)[├└]── (\S+)/.exec(line);
      if (!node) continue;
      const depth = node[1]!.length / 4;
      ancestors.length = depth;
      ancestors.push(node[2]!);
      const first = ancestors.join('').split('/').find(Boolean);
      // Only a segment a username could spell can collide with a profile (no dots, no parameters).
      if (first && USERNAME_PATTERN.test(first)) served.add(first);
    }
    expect([...served]).toEqual(expect.arrayContaining(['v1', 'metrics']));
    // fastify-static's own prefixes (plugins/media-files.ts, plugins/web-app.ts), which the route tree does not name.
    for (const segment of [...served, 'media', 'assets', 'ads']) expect(isReservedHandle(segment), segment).toBe(true);
  });
});
