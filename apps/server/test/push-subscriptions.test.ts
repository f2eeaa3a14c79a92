import { liveMessages } from '@flick/contract';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** A browser's push endpoint stays with its account unless the browser's own keys come with it (SECURITY.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
});
afterAll(() => t.close());

type Keys = { p256dh: string; auth: string };
/** A browser's subscription keys: a P-256 public key and a 16-byte secret, base64url. */
const browserKeys = (): Keys => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});
const newEndpoint = () => `https://push.example.test/send/${randomUUID()}`;

const subscribe = (auth: Record<string, string>, endpoint: string, keys: Keys) =>
  t.app.inject({ method: 'POST', url: '/v1/push/subscriptions', payload: { endpoint, keys }, headers: { ...client(), ...auth } });

const stored = async (endpoint: string) =>
  (
    await t.pool.query<{ user_id: string; p256dh: string; auth: string }>('select user_id, p256dh, auth from push_subscriptions where endpoint = $1', [endpoint])
  ).rows.map((row) => ({ userId: Number(row.user_id), keys: { p256dh: row.p256dh, auth: row.auth } }));

describe('POST /v1/push/subscriptions: whose browser an endpoint is', () => {
  it(`refuses another account's endpoint posted with other keys, and changes nothing: 409 "${liveMessages.pushEndpointTaken}"`, async () => {
    const [owner, attacker] = await Promise.all([signUp(t, 'user'), signUp(t, 'user')]);
    const endpoint = newEndpoint();
    const keys = browserKeys();
    expect((await subscribe(owner.auth, endpoint, keys)).statusCode).toBe(201);

    const takeover = await subscribe(attacker.auth, endpoint, browserKeys());
    expect([takeover.statusCode, takeover.json()]).toEqual([409, { message: liveMessages.pushEndpointTaken }]);
    // The same public key with another secret is not the same browser either.
    expect((await subscribe(attacker.auth, endpoint, { p256dh: keys.p256dh, auth: browserKeys().auth })).statusCode).toBe(409);
    expect(await stored(endpoint)).toEqual([{ userId: owner.id, keys }]);
  });

  it('moves an endpoint posted with the very keys it has: the same browser, signed in to another account', async () => {
    const [first, second] = await Promise.all([signUp(t, 'user'), signUp(t, 'user')]);
    const endpoint = newEndpoint();
    const keys = browserKeys();
    expect((await subscribe(first.auth, endpoint, keys)).statusCode).toBe(201);
    expect((await subscribe(second.auth, endpoint, keys)).statusCode).toBe(201);
    expect(await stored(endpoint)).toEqual([{ userId: second.id, keys }]);
  });

  it("lets an account renew its own browser's keys", async () => {
    const owner = await signUp(t, 'user');
    const endpoint = newEndpoint();
    expect((await subscribe(owner.auth, endpoint, browserKeys())).statusCode).toBe(201);
    const renewed = browserKeys();
    expect((await subscribe(owner.auth, endpoint, renewed)).statusCode).toBe(201);
    expect(await stored(endpoint)).toEqual([{ userId: owner.id, keys: renewed }]);
  });
});
