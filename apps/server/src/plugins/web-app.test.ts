import Fastify from 'fastify';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@flick/contract';
import { createHash } from 'node:crypto';
import { security, securityHeaders } from './security.ts';
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

  it('serves the ad control script from its own path, hashed and cached for good', async () => {
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
    const app = await appWith(async () => ({ gender: 'f,c', data: [video], cursor: 'e1.p10', first: 'e1.p0' }));
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
    expect(JSON.parse(json)).toEqual({ gender: 'f,c', data: [video], cursor: 'e1.p10', first: 'e1.p0' });
  });

  it('carries no videos and asks for no video file where the reader gives no page (an age rule not met yet, ADR 0030)', async () => {
    const server = await appWith(async () => null);
    const res = await server.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    await server.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('flick-home-feed');
    expect(res.body).not.toContain('/media/videos/');
    expect(res.body).not.toContain('<template id="flick-app">');
  });

  it('keeps the app’s scripts back in a template while the boot player starts the first video, the stylesheet in place (ADR 0021)', async () => {
    const server = await appWith(async () => ({ gender: 'f,c', data: [video], cursor: null, first: null }));
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
    const server = await appWith(async () => ({ gender: 'f,c', data: [{ ...video, playlistUrl: null }], cursor: null, first: null }));
    const res = await server.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    await server.close();
    expect(res.body).not.toContain('<template');
    for (const tag of app) expect(res.body).toContain(tag);
  });

  it('is compressed when the browser accepts it', async () => {
    const app = await appWith(async () => ({ gender: 'f,c', data: [video], cursor: null, first: null }));
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    await app.close();
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('flick-home-feed');
  });

  it('is the plain index.html when the feed fails or is slow, and for any other route', async () => {
    const failing = await appWith(() => Promise.reject(new Error('database down')));
    expect((await failing.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body).toBe(template);
    await failing.close();
    const slow = await appWith(() => new Promise((resolve) => setTimeout(() => resolve({ gender: 'f,c', data: [video], cursor: null, first: null }), 1000)));
    expect((await slow.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body).toBe(template);
    expect((await slow.inject({ url: '/discover' })).body).toBe(template);
    await slow.close();
  });
});

describe('the page of a guest’s grid screen (name and first row of pictures)', () => {
  let dist: string;
  const template =
    '<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Flick</title><script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/early-6.js"><link rel="modulepreload" crossorigin href="/assets/feed-4.js"></head><body><div id="root"></div></body></html>';
  // The build's manifest: the home feed's chunk and the grid screens', which share a third.
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true },
    '_feed-4.js': { file: 'assets/feed-4.js', name: 'feed', imports: ['index.html', '_common-7.js'] },
    '_grids-5.js': { file: 'assets/grids-5.js', name: 'grids', imports: ['index.html', '_common-7.js', '_early-6.js'] },
    '_common-7.js': { file: 'assets/common-7.js', name: 'common', imports: ['index.html'] },
    '_early-6.js': { file: 'assets/early-6.js', name: 'early-feed', imports: ['index.html'] },
  };
  const thumbOf = (id: number) => ({
    id,
    title: `Clip ${id} </script><script>alert(1)</script>`,
    thumbnailUrl: `/media/videos/${id}/stream/thumbnail.jpg`,
    firstFrameUrl: `/media/videos/${id}/stream/first-frame.jpg`,
    thumbnailSources: [
      { url: `/media/videos/${id}/stream/thumbnail-360.jpg`, width: 360, height: 640 },
      { url: `/media/videos/${id}/stream/thumbnail.jpg`, width: 540, height: 960 },
    ],
  });
  const videosPage = { data: [1, 2, 3, 4].map(thumbOf), links: { next: null } };
  const seen: { url: string; headers: Record<string, unknown> }[] = [];

  async function appWith(apiDelayMs = 0) {
    const app = Fastify({ trustProxy: true });
    const answer = (body: unknown) => async (request: { url: string; headers: Record<string, unknown> }) => {
      seen.push({ url: request.url, headers: request.headers });
      await new Promise((resolve) => setTimeout(resolve, apiDelayMs));
      return body;
    };
    app.get('/v1/users/:slug', async (request, reply) =>
      (request.params as { slug: string }).slug === 'mia_rose' ? answer({ data: { id: 7, name: 'Mia' } })(request) : reply.code(404).send({ message: 'Not found.' }),
    );
    app.get('/v1/users/:slug/videos', answer(videosPage));
    app.get('/v1/tags/:id/videos', answer(videosPage));
    await app.register(webApp, { distDir: dist, gridShell: true });
    return app;
  }
  const open = async (app: Awaited<ReturnType<typeof appWith>>, url: string) => {
    const res = await app.inject({
      url,
      headers: { 'accept-encoding': 'identity', 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer not-for-the-page', 'if-none-match': '"the-page"' },
    });
    return res;
  };
  const answersIn = (html: string) => JSON.parse(/<script type="application\/json" id="flick-grid-answers">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as unknown;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-web-grid-'));
    await fs.writeFile(path.join(dist, 'index.html'), template);
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  });
  afterAll(() => fs.rm(dist, { recursive: true, force: true }));

  it('a creator’s profile: the profile and its first page of videos answered into the page, as the guest’s browser would have asked for them', async () => {
    seen.length = 0;
    const app = await appWith();
    const res = await open(app, '/mia_rose');
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(answersIn(res.body)).toEqual([
      { path: '/users/mia_rose', body: { data: { id: 7, name: 'Mia' } } },
      { path: '/users/mia_rose/videos?per_page=30', body: videosPage },
    ]);
    // Asked as the guest: from their address, without the token a page load never carries anyway.
    expect(seen.map((call) => call.url).sort()).toEqual(['/v1/users/mia_rose', '/v1/users/mia_rose/videos?per_page=30']);
    for (const call of seen)
      expect([call.headers['x-forwarded-for'], call.headers.authorization, call.headers['if-none-match']]).toEqual(['203.0.113.9', undefined, undefined]);
    // Video titles are user text: they cannot close the script element.
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
  });

  it('asks at once for the first row of pictures, as the tiles will pick them, and for the screens’ code not in index.html yet', async () => {
    const app = await appWith();
    const res = await open(app, '/tag/12');
    await app.close();
    expect(answersIn(res.body)).toEqual([{ path: '/tags/12/videos?gender=f,c&per_page=30', body: videosPage }]);
    const preloads = res.body.match(/<link rel="preload" as="image"[^>]*>/g);
    expect(preloads).toHaveLength(3);
    expect(preloads![0]).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/videos/1/stream/thumbnail.jpg" ' +
        'imagesrcset="/media/videos/1/stream/thumbnail-360.jpg 360w, /media/videos/1/stream/thumbnail.jpg 540w" ' +
        'imagesizes="(min-width: 1024px) 186px, (min-width: 640px) 33vw, calc((100vw - 40px) / 3)">',
    );
    // The grid screens' code instead of the home feed's (the feed's player is not among it).
    expect(res.body.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/grids-5.js">',
      '<link rel="modulepreload" crossorigin href="/assets/common-7.js">',
      '<link rel="modulepreload" crossorigin href="/assets/early-6.js">',
    ]);
    // After the viewport meta: the browser sizes the pictures by the phone's viewport, not a desktop one.
    expect(res.body.indexOf('<meta name="viewport"')).toBeLessThan(res.body.indexOf('rel="preload" as="image"'));
  });

  it('is the plain index.html for an address that is no creator, a file’s address, another screen, or when the API is slow', async () => {
    seen.length = 0;
    const app = await appWith();
    for (const url of ['/nobody', '/robots.txt', '/mia_rose/feed', '/account/settings']) {
      const res = await open(app, url);
      expect([res.statusCode, res.body]).toEqual([200, template]);
    }
    await app.close();
    // Only the one-part address asked the API (and was told there is no such creator).
    expect(seen.map((call) => call.url).sort()).toEqual(['/v1/users/nobody/videos?per_page=30']);
    const slow = await appWith(1000);
    expect((await open(slow, '/mia_rose')).body).toBe(template);
    await slow.close();
  });
});

describe('the boot player’s inline script (ADR 0019)', () => {
  it('is the one inline script the CSP allows, by the hash of the built text', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-web-csp-'));
    const boot = "(function () { var data = document.getElementById('flick-home-feed'); })();";
    await fs.writeFile(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${boot}</script><script type="module" src="/assets/index.js"></script></head></html>`,
    );
    const hashes = inlineScriptHashes(dist);
    expect(hashes).toEqual([`sha256-${createHash('sha256').update(boot).digest('base64')}`]);
    const app = Fastify();
    await app.register(security, { headers: await securityHeaders({ scriptHashes: hashes }) });
    app.get('/', async () => 'ok');
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
    expect(csp).toContain(`script-src 'self' '${hashes[0]}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(inlineScriptHashes(path.join(dist, 'missing'))).toEqual([]);
  });
});

describe('the language index.html is served in (issue 32)', () => {
  const app = Fastify();
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-web-lang-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><title>Flick</title></html>');
    await app.register(webApp, { distDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('is the picked one from its cookie, and never what a forged cookie says', async () => {
    const picked = await app.inject({ url: '/discover', headers: { cookie: 'a=1; flick_locale=fr' } });
    expect(picked.body).toContain('<html lang="fr">');
    for (const forged of ['"><script>alert(1)</script>', 'de%00', 'x'.repeat(5000)]) {
      const res = await app.inject({ url: '/discover', headers: { cookie: `flick_locale=${forged}` } });
      expect(res.body).toContain('<html lang="en">');
      expect(res.body).not.toContain('script>alert');
    }
  });
});
