import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const TOKEN = 'metrics-token-for-the-test';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { workers: false });
  });
  afterAll(() => t.close());

  it('answers Prometheus text to the holder of the token only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-some-length' } })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('times requests by route pattern, and reports the pool, the job queue and the counter buffer', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/health' });
    await t.app.inject({ method: 'GET', url: '/v1/users/123456' });
    const body = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(body).toMatch(/flick_http_request_duration_seconds_count\{method="GET",route="\/v1\/health",status_code="200"\} [1-9]/);
    // By pattern, not by address: one series for every user.
    expect(body).toMatch(/route="\/v1\/users\/:id",status_code="404"/);
    expect(body).not.toContain('/v1/users/123456');
    expect(body).toMatch(/flick_db_pool_connections\{pool="app",state="total"\} \d+/);
    expect(body).toContain('# TYPE flick_job_queue_depth gauge');
    expect(body).toMatch(/flick_counter_flush_lag_seconds \d/);
    expect(body).toContain('flick_nodejs_eventloop_lag_seconds');
  });
});

describe('GET /metrics without a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  });
  afterAll(() => t.close());

  it('answers nobody, this machine included: behind a reverse proxy on the same machine every visitor comes from there', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '203.0.113.9']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });
});

describe('GET /metrics with METRICS_PUBLIC=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PUBLIC: 'true' }, { workers: false });
  });
  afterAll(() => t.close());

  it('answers whoever reaches the server, as the operator chose', async () => {
    for (const remoteAddress of ['127.0.0.1', '203.0.113.9']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.body).toContain('flick_nodejs_eventloop_lag_seconds');
    }
  });
});
