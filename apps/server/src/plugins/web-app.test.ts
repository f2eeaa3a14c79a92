import Fastify from 'fastify';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApp } from './web-app.ts';

describe('the web app beside the API', () => {
  const app = Fastify();
  let dist: string;
  const script = 'console.log("the feed");'.repeat(50);

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-web-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Flick</title>');
    await fs.writeFile(path.join(dist, 'assets', 'feed-abc123.js'), script);
    await fs.writeFile(path.join(dist, 'assets', 'feed-abc123.js.br'), brotliCompressSync(script));
    await fs.writeFile(path.join(dist, 'sw.js'), "self.addEventListener('push', () => {});");
    await fs.mkdir(path.join(dist, 'ads'));
    await fs.writeFile(path.join(dist, 'ads', 'flick-ads-def456.js'), 'export const ads = 1;');
    await app.register(webApp, { distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed when the browser accepts it, cached for good', async () => {
    const res = await app.inject({ url: '/assets/feed-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(script.length / 5);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await app.inject({ url: '/assets/feed-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('serves the service worker from the root as JavaScript, revalidated every time, so a new one is taken at once', async () => {
    const res = await app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain("addEventListener('push'");
  });

  it('serves the ad control script from its own path, hashed and cached for good (issue 16)', async () => {
    const res = await app.inject({ url: '/ads/flick-ads-def456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/ads/flick-ads-000000.js' })).statusCode).toBe(404);
  });

  it('answers a client route with index.html, revalidated every time; a missing asset is a 404', async () => {
    const page = await app.inject({ url: '/tag/3/feed' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Flick</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/assets/gone-000.js' })).statusCode).toBe(404);
  });
});
