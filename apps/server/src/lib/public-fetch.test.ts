import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicText, isPublicAddress } from './public-fetch.ts';

describe('isPublicAddress', () => {
  it('refuses this machine, private networks, link-local, carrier-grade NAT and multicast, in both families', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('takes public addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(address), address).toBe(true);
  });

  it.each([
    [
      'IPv4-mapped, in every spelling',
      ['::ffff:127.0.0.1', '::FFFF:7f00:1', '0:0:0:0:0:ffff:7f00:0001', '::ffff:0a00:0001', '::ffff:169.254.169.254', '0::ffff:192.168.1.1'],
    ],
    ['IPv4-compatible (deprecated, never routed)', ['::7f00:1', '::127.0.0.1', '::a00:1', '::8.8.8.8', '::0808:0808']],
    ['IPv4-translated (SIIT)', ['::ffff:0:7f00:1', '::ffff:0:808:808']],
    ['NAT64 (64:ff9b::/96) of a private address', ['64:ff9b::7f00:1', '64:ff9b::127.0.0.1', '64:ff9b::a9fe:a9fe', '64:FF9B:0:0:0:0:0a00:0001']],
    ['local-use NAT64 (64:ff9b:1::/48)', ['64:ff9b:1::808:808', '64:ff9b:1:ffff::1']],
    ['6to4 (2002::/16) of a private address', ['2002:7f00:1::', '2002:7f00:0001::1', '2002:a9fe:a9fe::1', '2002:c0a8:101::5', '2002::1']],
    ['Teredo (2001::/32)', ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:0000:0a00:0001::']],
    ['other special-purpose IPv6', ['100::1', '2001:db8::1', '2001:2::1', '3fff::1', 'fec0::1', '5f00::1', 'ff02::1', 'fe80::1%eth0', 'fe80::1%25eth0']],
    ['documentation and relay IPv4', ['192.0.2.1', '198.51.100.7', '203.0.113.9', '192.88.99.1', '255.255.255.255']],
  ])('refuses %s', (_form, addresses) => {
    for (const address of addresses) expect(isPublicAddress(address), address).toBe(false);
  });

  it('judges NAT64 and 6to4 by the IPv4 address they carry: a public one passes', () => {
    for (const address of ['64:ff9b::808:808', '64:ff9b::8.8.8.8', '2002:808:808::1', '::ffff:808:808', '2a00:1450:4001::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
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

  it('judges the address a name resolves to when connecting (a name for this machine is refused)', async () => {
    const port = (server.address() as AddressInfo).port;
    await expect(fetchPublicText(`http://localhost:${port}/tag`, options)).rejects.toThrow(/not a public address/);
  });

  it('refuses a literal that embeds a private IPv4 address, however it is written', async () => {
    const port = (server.address() as AddressInfo).port;
    for (const host of ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '2130706433', '0x7f.1']) {
      await expect(fetchPublicText(`http://${host}:${port}/tag`, options), host).rejects.toThrow(/not a public address/);
    }
  });

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
