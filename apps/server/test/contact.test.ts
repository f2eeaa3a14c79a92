import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_RATE_LIMIT, contactMessages } from '@flick/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('POST /v1/contact', () => {
  let t: TestApp;
  let client = 0;
  beforeAll(async () => {
    // Each test is its own client (X-Forwarded-For) so rate limits do not leak between tests.
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    client += 1;
  });

  const send = (payload: unknown, ip = `203.0.113.${client}`) =>
    t.app.inject({ method: 'POST', url: '/v1/contact', payload: payload as object, headers: { 'x-forwarded-for': ip } });

  it('stores the message and answers 201', async () => {
    const res = await send({ email: '  fan@example.com ', message: 'My upload is stuck in processing.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: contactMessages.sent });
    const { rows } = await t.pool.query('select email, message, client_ip from contact_messages order by id desc limit 1');
    expect(rows[0]).toEqual({
      email: 'fan@example.com',
      message: 'My upload is stuck in processing.',
      client_ip: `203.0.113.${client}`,
    });
  });

  it('rejects an address that is not an e-mail with 422 and the field message', async () => {
    const res = await send({ email: 'not-an-email', message: 'Hello' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: contactMessages.emailInvalid,
      errors: { email: [contactMessages.emailInvalid] },
    });
  });

  it('rejects a blank message', async () => {
    const res = await send({ email: 'fan@example.com', message: '   \n ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ message: [contactMessages.messageRequired] });
  });

  it(`rejects a message over ${CONTACT_MESSAGE_MAX_LENGTH} characters`, async () => {
    const res = await send({ email: 'fan@example.com', message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(contactMessages.messageTooLong);
  });

  it('rejects missing fields and a body that is not JSON, storing nothing', async () => {
    const before = await t.pool.query('select count(*)::int as n from contact_messages');
    expect((await send({})).statusCode).toBe(422);
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/v1/contact',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.200' },
      payload: '{"email":',
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toEqual({ message: 'The request could not be understood.' });
    const after = await t.pool.query('select count(*)::int as n from contact_messages');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('answers 413 to a body over its limit', async () => {
    const res = await send({ email: 'fan@example.com', message: 'x'.repeat(40_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per client per window, then answers 429`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await send({ email: 'fan@example.com', message: `Message ${i}` })).statusCode).toBe(201);
    }
    const limited = await send({ email: 'fan@example.com', message: 'One more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: contactMessages.sendFailed });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another client is not affected.
    expect((await send({ email: 'other@example.com', message: 'Hi' }, '198.51.100.7')).statusCode).toBe(201);
  });
});

describe('rate limits', () => {
  it('count each route on its own: using up the contact form leaves sign-in alone', async () => {
    const t = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const headers = { 'x-forwarded-for': '2001:db8:1::1' };
      for (let i = 0; i <= CONTACT_RATE_LIMIT.max; i += 1) {
        await t.app.inject({ method: 'POST', url: '/v1/contact', headers, payload: { email: 'a@example.com', message: `m${i}` } });
      }
      const login = await t.app.inject({ method: 'POST', url: '/v1/login', headers, payload: { email: 'a@example.com', password: 'whatever-1' } });
      expect(login.statusCode).toBe(401);
      const { rows } = await t.pool.query<{ key: string }>('select key from rate_limits order by key');
      // The failed sign-in also counts against the client's failure allowance (SECURITY.md: successes do not).
      expect(rows.map((r) => r.key)).toEqual(['POST:/v1/contact:2001:db8:1::1', 'POST:/v1/login:2001:db8:1::1', 'sign-in-failures:2001:db8:1::1']);
    } finally {
      await t.close();
    }
  });
});
