import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The public API documentation at /v1/docs shows what anyone may call, not the admin API (SECURITY.md);
 * admins read the whole document, the admin API included, at /v1/admin/docs/json.
 */
let t: TestApp;
let admin: Record<string, string>;
let viewer: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  await adminAccounts(t.db).createAdmin({ email: 'docs-admin@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'docs-admin@flick.test', 'correct-horse-battery');
  viewer = (await signUp(t, 'user')).auth;
});
afterAll(() => t?.close());

type Doc = { paths: Record<string, Record<string, { tags?: string[] }>> };
const adminOperations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => path.startsWith('/v1/admin') || operation.tags?.includes('admin'))
      .map(([method]) => `${method} ${path}`),
  );

describe('the public API documentation', () => {
  it.each([
    ['a guest', () => ({})],
    ['an admin', () => admin],
  ])('leaves out every admin route, in JSON and YAML, asked by %s', async (_who, auth) => {
    const headers = { ...client(), ...auth() };
    const json = await t.app.inject({ url: '/v1/docs/json', headers });
    expect(json.statusCode).toBe(200);
    const doc = json.json() as Doc;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/health', '/v1/login', '/v1/videos']));
    expect(adminOperations(doc)).toEqual([]);
    const yaml = await t.app.inject({ url: '/v1/docs/yaml', headers });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('/v1/login');
    expect(yaml.body).not.toContain('/v1/admin');
  });
});

describe('GET /v1/admin/docs/json', () => {
  it('gives an admin the whole document: the public routes and the admin API', async () => {
    const res = await t.app.inject({ url: '/v1/admin/docs/json', headers: { ...client(), ...admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = res.json() as Doc;
    const all = Object.keys(doc.paths);
    const publicPaths = Object.keys(((await t.app.inject({ url: '/v1/docs/json', headers: client() })).json() as Doc).paths);
    expect(all).toEqual(expect.arrayContaining(publicPaths));
    expect(all).toEqual(expect.arrayContaining(['/v1/admin/overview', '/v1/admin/docs/json']));
    expect(adminOperations(doc).length).toBeGreaterThan(30);
  });

  it('is refused to a guest (401) and to an account that is not an admin (403)', async () => {
    expect((await t.app.inject({ url: '/v1/admin/docs/json', headers: client() })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/admin/docs/json', headers: { ...client(), ...viewer } })).statusCode).toBe(403);
  });
});
