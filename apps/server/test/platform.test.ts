import { clientConfigSchema, DEFAULT_QUICK_EXIT_URL, healthResponseSchema } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LIVECAMS_URL: 'https://cams.example.com/flick' });
  });
  afterAll(() => t.close());

  it('GET /v1/health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(healthResponseSchema.parse(res.json())).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('GET /v1/config gives the public links, null when unset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(clientConfigSchema.parse(res.json())).toEqual({
      livecamsUrl: 'https://cams.example.com/flick',
      webcamReviewsUrl: null,
      socialUrl: null,
      supportEmail: null,
      discordUrl: null,
      whatsappUrl: null,
      ads: true,
      quickExitUrl: DEFAULT_QUICK_EXIT_URL,
    });
  });

  it('publishes OpenAPI generated from the contract schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/health', '/v1/config', '/v1/page/{slug}', '/v1/contact']));
    expect(doc.paths['/v1/contact'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('sends security headers with a CSP and no CORS by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('names every answer with its request id; behind no trusted proxy a client cannot choose it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never leaks the message of a server error', async () => {
    // Last in this file: the page table goes away, so the page query fails inside the server.
    await t.pool.query('alter table pages rename to pages_gone');
    const res = await t.app.inject({ method: 'GET', url: '/v1/page/faq' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/pages|relation|select/i);
    // Only the request's id, which the header of every answer and every log line of the request carry.
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again later.', requestId });
  });
});
