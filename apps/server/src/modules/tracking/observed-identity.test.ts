import { describe, expect, it } from 'vitest';
import { clientNetwork, distinctReporters } from './observed-identity.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientNetwork('198.51.100.7')).toBe('198.51.100.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(clientNetwork('2001:db8:28:1::a')).toBe('2001:db8:28:1::/64');
    expect(clientNetwork('2001:0DB8:0028:0001:ffff:1:2:3')).toBe('2001:db8:28:1::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address (a dual-stack socket) as its IPv4 address, not as one /64 for all of IPv4', () => {
    expect(clientNetwork('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientNetwork('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(clientNetwork('0:0:0:0:0:ffff:127.0.0.1')).toBe('127.0.0.1');
  });

  it('keeps what is no address as it is', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});

describe('distinctReporters', () => {
  it('counts accounts only, never guests', () => {
    expect(distinctReporters([1, 2, 3].map((n) => ({ userId: null, clientIp: `198.51.100.${n}` })))).toBe(0);
  });

  it('counts accounts on one network once, and an account on many networks once', () => {
    const oneNetwork = [1, 2, 3].map((n) => ({ userId: n, clientIp: `2001:db8:28:1::${n}` }));
    expect(distinctReporters(oneNetwork)).toBe(1);
    const oneAccount = [1, 2, 3].map((n) => ({ userId: 7, clientIp: `198.51.100.${n}` }));
    expect(distinctReporters(oneAccount)).toBe(1);
    const people = [1, 2, 3].map((n) => ({ userId: n, clientIp: `198.51.100.${n}` }));
    expect(distinctReporters(people)).toBe(3);
  });
});
