import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicText, isPublicAddress } from './public-fetch.ts';

describe('isPublicAddress', () => {
  it('refuses this machine, private networks, link-local, carrier-grade NAT and multicast, in both families', () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('fetchPublicText', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/hop') return response.writeHead(302, { location: '/tag' }).end();
      if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
      if (request.url === '/big') return response.end('x'.repeat(2048));
      response.end('<VAST/>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const options = { timeoutMs: 2000, maxBytes: 1024, maxRedirects: 3 };

  it('refuses an address on this machine unless told it may', async () => {
    await expect(fetchPublicText(`${base}/tag`, options)).rejects.toThrow(/not a public address/);
    expect(await fetchPublicText(`${base}/tag`, { ...options, allowInternal: true })).toEqual({ ok: true, status: 200, text: '<VAST/>' });
  });

  it('follows a few redirects by hand, reads no more than allowed, and speaks only http(s)', async () => {
    expect((await fetchPublicText(`${base}/hop`, { ...options, allowInternal: true })).text).toBe('<VAST/>');
    await expect(fetchPublicText(`${base}/loop`, { ...options, allowInternal: true })).rejects.toThrow(/too many redirects/);
    expect((await fetchPublicText(`${base}/big`, { ...options, allowInternal: true })).text).toBeNull();
    await expect(fetchPublicText('file:///etc/passwd', options)).rejects.toThrow(/not an http/);
  });
});
