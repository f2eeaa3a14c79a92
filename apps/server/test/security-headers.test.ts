import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { loadConfig } from '../src/config/env.ts';
import { HSTS } from '../src/plugins/security.ts';
import { inlineScriptHashes } from '../src/plugins/web-app.ts';
import { signInAs, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Security headers (ADR 0025): a CSP that runs only our own scripts and lets nobody frame the app, HSTS
 * exactly when the request came over TLS, and public media served with its own type, never sniffed.
 */
let behindProxy: TestApp;
let direct: TestApp;
beforeAll(async () => {
  [behindProxy, direct] = await Promise.all([createTestApp({ TRUST_PROXY: 'true' }, { workers: false }), createTestApp({}, { workers: false })]);
});
afterAll(() => Promise.all([behindProxy?.close(), direct?.close()]));

/** The CSP's directives by name, each with its sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

describe('content security policy', () => {
  it.each(['/v1/health', '/', '/page/faq', '/v1/nope'])('on %s runs only our own scripts, no inline or eval, and may not be framed', async (url) => {
    const res = await behindProxy.app.inject({ url });
    const csp = directives(res.headers['content-security-policy']);
    const scripts = csp.get('script-src') ?? csp.get('default-src');
    // With a built web app, its one inline script (the boot player, ADR 0019) by the hash of its text.
    expect(scripts).toEqual(["'self'", ...inlineScriptHashes(loadConfig({}).webDistDir).map((hash) => `'${hash}'`)]);
    for (const name of ['script-src-attr', 'script-src-elem']) expect(csp.get(name) ?? []).not.toEqual(expect.arrayContaining(["'unsafe-inline'"]));
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    expect(csp.get('frame-ancestors')?.every((source) => source === "'none'" || source === "'self'")).toBe(true);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

/** The security headers every answer carries, whatever produced it. */
function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = directives(headers['content-security-policy'] as string | undefined);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
}

/** One raw HTTP exchange with a listening server, for what app.inject cannot send: the status line, headers and body. */
async function rawExchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? resolve(received) : reject(error)));
    socket.write(request, 'latin1');
  });
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe('answers the framework gives before any route', () => {
  const marker = 'ECHO-ME-BACK';

  it.each([
    ['a malformed percent-encoding in the path', `/v1/users/${marker}%E0%A4%A`, 400],
    ["a path parameter over the router's limit", `/v1/users/${marker}${'x'.repeat(300)}`, 414],
  ])('carry the security headers and the request id, and never echo the address: %s', async (_what, url, status) => {
    const res = await behindProxy.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expectSecurityHeaders(res.headers, url);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain(marker);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('a JSON body that is not JSON is refused with the security headers, without echoing it', async () => {
    const res = await behindProxy.app.inject({ method: 'POST', url: '/v1/login', headers: { 'content-type': 'application/json' }, payload: `{"email": "${marker}` });
    expect(res.statusCode).toBe(400);
    expectSecurityHeaders(res.headers, 'bad JSON');
    expect(res.body).not.toContain(marker);
  });

  describe('from Node itself, on a listening server', () => {
    let port: number;
    beforeAll(async () => {
      await direct.app.listen({ port: 0, host: '127.0.0.1' });
      port = (direct.app.server.address() as net.AddressInfo).port;
    });

    it.each([
      ['headers too large: 431', `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${marker}${'y'.repeat(20_000)}\r\n\r\n`, 431],
      ['an address too long for the header limit: 431', `GET /v1/users/${marker}${'z'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      ['a request line that is not HTTP: 400', `${marker} \u0001 NONSENSE\r\n\r\n`, 400],
      ['a malformed percent-encoding: 400', `GET /v1/users/${marker}%ZZ%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 400],
    ])('%s carries the security headers and echoes nothing', async (_what, request, status) => {
      const res = await rawExchange(port, request);
      expect(res.status).toBe(status);
      expectSecurityHeaders(res.headers, request.slice(0, 40));
      expect(res.body).not.toContain(marker);
      expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) });
    });
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when a trusted proxy says the request came over TLS', async () => {
    for (const url of ['/v1/health', '/', '/v1/nope']) {
      const res = await behindProxy.app.inject({ url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
    }
    expect(HSTS).toMatch(/^max-age=(\d+)/);
    expect(Number(/^max-age=(\d+)/.exec(HSTS)![1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
  });

  it('is not sent over plain HTTP', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }]) {
      const res = await behindProxy.app.inject({ url: '/v1/health', headers });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('is not sent when X-Forwarded-Proto comes from a client no proxy vouches for', async () => {
    const res = await direct.app.inject({ url: '/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('public media at /media', () => {
  const files: [string, string][] = [
    ['videos/7/stream/master.m3u8', 'application/vnd.apple.mpegurl'],
    ['videos/7/stream/v0/index.m3u8', 'application/vnd.apple.mpegurl'],
    ['videos/7/stream/v0/seg000.ts', 'video/mp2t'],
    ['videos/7/stream/v0/seg000.m4s', 'video/iso.segment'],
    ['videos/7/thumbnail.jpg', 'image/jpeg'],
    ['videos/7/first-frame.jpg', 'image/jpeg'],
    ['users/3/avatar-0123456789abcdef-150.webp', 'image/webp'],
    ['ads/1/creative.mp4', 'video/mp4'],
    // Nothing of ours is HTML, SVG or script: were such a file ever to land here, it is only bytes.
    ['videos/7/evil.html', 'application/octet-stream'],
    ['videos/7/evil.svg', 'application/octet-stream'],
    ['videos/7/evil.js', 'application/octet-stream'],
    ['videos/7/no-extension', 'application/octet-stream'],
  ];

  beforeAll(async () => {
    // Video 7's files are served while the video is (SECURITY.md): a published one.
    const owner = await signUp(behindProxy, 'model');
    await behindProxy.pool.query(
      `insert into videos (id, user_id, title, slug, status, details_at) overriding system value values (7, $1, 'Clip', 'clip', 'approved', now())`,
      [owner.id],
    );
    for (const [file] of files) {
      const full = path.join(behindProxy.dataDir, 'media', ...file.split('/'));
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(
        full,
        file.endsWith('.html') || file.endsWith('.svg') ? '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' : `bytes of ${file}`,
      );
    }
  });

  it.each(files)('serves %s as %s, with nosniff and a CSP under which nothing runs', async (file, type) => {
    const res = await behindProxy.app.inject({ url: `/media/${file}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
  });

  it('keeps the type on a range request and a HEAD, and sends HSTS behind TLS there too', async () => {
    const range = await behindProxy.app.inject({ url: '/media/ads/1/creative.mp4', headers: { range: 'bytes=0-3', 'x-forwarded-proto': 'https' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-type']).toBe('video/mp4');
    expect(range.headers['x-content-type-options']).toBe('nosniff');
    expect(range.headers['strict-transport-security']).toBe(HSTS);
    const head = await behindProxy.app.inject({ method: 'HEAD', url: '/media/videos/7/stream/master.m3u8' });
    expect(head.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(head.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('user-controlled HTML', () => {
  it('reaches an admin only through the sanitizer, even when the stored row was written around it', async () => {
    await adminAccounts(behindProxy.db).createAdmin({ email: 'headers-admin@flick.test', password: 'correct-horse-battery' });
    const admin = await signInAs(behindProxy, 'headers-admin@flick.test', 'correct-horse-battery');
    await behindProxy.pool.query(`update pages set content = $1 where slug = 'faq'`, [
      '<p onclick="steal()">Hi</p><script>alert(1)</script><img src=x onerror=alert(2)>',
    ]);
    const res = await behindProxy.app.inject({ url: '/v1/admin/pages/faq', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toBe('<p>Hi</p>');
    const visitor = await behindProxy.app.inject({ url: '/v1/page/faq' });
    expect(JSON.stringify(visitor.json())).not.toMatch(/script|onclick|onerror/);
  });
});
