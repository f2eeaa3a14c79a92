import { describe, expect, it } from 'vitest';
import { addressNetwork } from './address-network.ts';

describe('addressNetwork', () => {
  it('cuts an IPv4 address to its /24 and an IPv6 address to its /48', () => {
    expect(addressNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressNetwork('2001:db8:5:1234::c')).toBe('2001:db8:5::/48');
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(addressNetwork('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });

  it('takes an IPv4 client on a dual-stack socket as its IPv4 address', () => {
    expect(addressNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('gives the same network again for a network already cut', () => {
    for (const address of ['203.0.113.77', '2001:db8:5:1234::c', 'not an address']) {
      expect(addressNetwork(addressNetwork(address))).toBe(addressNetwork(address));
    }
  });

  it('keeps nothing of what is not an address, a forged header or a wider network', () => {
    expect(addressNetwork('evil\u0000<script>')).toBe('0.0.0.0/0');
    expect(addressNetwork('203.0.113.77/32')).toBe('0.0.0.0/0');
    expect(addressNetwork('')).toBe('0.0.0.0/0');
  });
});
