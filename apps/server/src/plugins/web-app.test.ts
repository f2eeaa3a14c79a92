import Fastify from 'fastify';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@flick/contract';
import { createHash } from 'node:crypto';
import { security } from './security.ts';
import { inlineScriptHashes, webApp, type WebAppOptions } from './web-app.ts';

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

describe('the shell of "/" (ADR 0008)', () => {
  let dist: string;
  const boot = '(function () { /* the boot player */ })();';
  // The app's tags as the build writes them: the entry, the stylesheet, the feed's module preloads.
  const app = [
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="stylesheet" crossorigin href="/assets/index-2.css">',
    '<link rel="modulepreload" crossorigin="" href="/assets/early-feed-3.js">',
    '<link rel="modulepreload" crossorigin="" href="/assets/feed-4.js">',
  ];
  const template = `<!doctype html><html><head><script>${boot}</script><title>Flick</title>\n    ${app.join('\n    ')}\n  </head><body><div id="root"></div></body></html>`;
  const video = {
    id: 5,
    title: 'Hi </script><script>alert(1)</script>',
    playlistUrl: '/media/videos/5/stream/master.m3u8',
    preloadUrls: ['/media/videos/5/stream/v1/index.m3u8', '/media/videos/5/stream/v1/seg000.ts'],
    firstFrameUrl: '/media/videos/5/first-frame.jpg',
    thumbnailUrl: null,
  } as unknown as Video;

  async function appWith(homeFirstPage: WebAppOptions['homeFirstPage']) {
    const app = Fastify();
    await app.register(webApp, { distDir: dist, homeFirstPage });
    return app;
  }

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-web-shell-'));
    await fs.writeFile(path.join(dist, 'index.html'), template);
  });
  afterAll(() => fs.rm(dist, { recursive: true, force: true }));

  it('carries the first page as inert JSON and asks for the first video’s poster, playlists and first segment at once', async () => {
    const app = await appWith(async () => ({ gender: 'f,c', data: [video], cursor: 'e1.p10' }));
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/videos/5/first-frame.jpg">');
    // First in <head>, before the boot player that reads it and the stylesheet the preloads would queue behind.
    expect(res.body.indexOf('flick-home-feed')).toBeLessThan(res.body.indexOf(boot));
    for (const url of [video.playlistUrl!, ...video.preloadUrls]) {
      expect(res.body).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" fetchpriority="high" href="${url}">`);
    }
    // The title is user text: it cannot close the script element (the page's, the boot player's and the entry's are the only ones).
    expect(res.body.match(/<\/script>/g)).toHaveLength(3);
    const json = /<script type="application\/json" id="flick-home-feed">(.*?)<\/script>/.exec(res.body)![1]!;
    expect(JSON.parse(json)).toEqual({ gender: 'f,c', data: [video], cursor: 'e1.p10' });
  });

  it('keeps the app’s scripts back in a template while the boot player starts the first video, the stylesheet in place (ADR 0021)', async () => {
    const server = await appWith(async () => ({ gender: 'f,c', data: [video], cursor: null }));
    const res = await server.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    await server.close();
    const [, kept] = /<template id="flick-app">(.*?)<\/template>/.exec(res.body)!;
    expect(kept).toBe(`${app[0]}${app[2]}${app[3]}`);
    // Nothing of the app's JavaScript outside it, for the browser to fetch beside the video's files.
    expect(res.body.replace(kept!, '')).not.toMatch(/\/assets\/(index-1|early-feed-3|feed-4)\.js/);
    // The stylesheet is not: the first frame is painted with it.
    expect(res.body.replace(kept!, '')).toContain(app[1]);
  });

  it('leaves the app’s scripts in place when the first page has no video to start', async () => {
    const server = await appWith(async () => ({ gender: 'f,c', data: [{ ...video, playlistUrl: null }], cursor: null }));
    const res = await server.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    await server.close();
    expect(res.body).not.toContain('<template');
    for (const tag of app) expect(res.body).toContain(tag);
  });

  it('is compressed when the browser accepts it', async () => {
    const app = await appWith(async () => ({ gender: 'f,c', data: [video], cursor: null }));
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    await app.close();
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('flick-home-feed');
  });

  it('is the plain index.html when the feed fails or is slow, and for any other route', async () => {
    const failing = await appWith(() => Promise.reject(new Error('database down')));
    expect((await failing.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body).toBe(template);
    await failing.close();
    const slow = await appWith(() => new Promise((resolve) => setTimeout(() => resolve({ gender: 'f,c', data: [video], cursor: null }), 1000)));
    expect((await slow.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body).toBe(template);
    expect((await slow.inject({ url: '/discover' })).body).toBe(template);
    await slow.close();
  });
});

describe('the boot player’s inline script (ADR 0019)', () => {
  it('is the one inline script the CSP allows, by the hash of the built text', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-web-csp-'));
    const boot = "(function () { var data = document.getElementById('flick-home-feed'); })();";
    await fs.writeFile(path.join(dist, 'index.html'), `<!doctype html><html><head><script>${boot}</script><script type="module" src="/assets/index.js"></script></head></html>`);
    const hashes = inlineScriptHashes(dist);
    expect(hashes).toEqual([`sha256-${createHash('sha256').update(boot).digest('base64')}`]);
    const app = Fastify();
    await app.register(security, { scriptHashes: hashes });
    app.get('/', async () => 'ok');
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
    expect(csp).toContain(`script-src 'self' '${hashes[0]}'`);
    expect(csp).not.toContain('unsafe-inline\'; script');
    expect(inlineScriptHashes(path.join(dist, 'missing'))).toEqual([]);
  });
});
