import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpMediaPurger, videoPurgePrefixes } from './media-purge.ts';

/** A CDN's purge endpoint on this machine: records each call, answers `status`, or never answers. */
let server: http.Server;
let url: string;
let status = 200;
let hang = false;
const calls: { method: string; path: string; authorization?: string; type?: string; body: unknown }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({
        method: request.method!,
        path: request.url!,
        authorization: request.headers.authorization,
        type: request.headers['content-type'],
        body: JSON.parse(body),
      });
      if (hang) return;
      response.writeHead(status).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('the CDN purge call (ADR 0027)', () => {
  it('POSTs the prefixes as JSON with the token as a bearer', async () => {
    calls.length = 0;
    await httpMediaPurger({ url, token: 'purge-token-0123456789' }).purge(videoPurgePrefixes(12));
    expect(calls).toEqual([
      { method: 'POST', path: '/purge', authorization: 'Bearer purge-token-0123456789', type: 'application/json', body: { prefixes: ['/media/videos/12/'] } },
    ]);
  });

  it('sends no authorization without a token, and makes no call for nothing', async () => {
    calls.length = 0;
    const purger = httpMediaPurger({ url });
    await purger.purge([]);
    expect(calls).toEqual([]);
    await purger.purge(['/media/videos/1/', '/media/videos/2/']);
    expect(calls[0]).toMatchObject({ authorization: undefined, body: { prefixes: ['/media/videos/1/', '/media/videos/2/'] } });
  });

  it('fails on an answer other than 2xx, so the job retries it', async () => {
    status = 503;
    try {
      await expect(httpMediaPurger({ url }).purge(['/media/videos/3/'])).rejects.toThrow('the CDN purge answered 503');
    } finally {
      status = 200;
    }
  });

  it('gives up on a CDN that does not answer within its timeout', async () => {
    hang = true;
    try {
      const started = Date.now();
      await expect(httpMediaPurger({ url, timeoutMs: 200 }).purge(['/media/videos/4/'])).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      hang = false;
    }
  });

  it('fails when nothing listens there', async () => {
    await expect(httpMediaPurger({ url: 'http://127.0.0.1:1/purge', timeoutMs: 2000 }).purge(['/media/videos/5/'])).rejects.toThrow();
  });
});
