import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, an embedded dotted IPv4 tail included. */
export function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return [...front, ...new Array<number>(tail === undefined ? 0 : 8 - front.length - back.length).fill(0), ...back];
}

/**
 * An IP address cut to its network, as the privacy policy promises for logs and for addresses kept past
 * their retention: an IPv4 address to its /24 (`203.0.113.0/24`), an IPv6 address to its /48
 * (`2001:db8:5::/48`), an IPv4-mapped IPv6 address as its IPv4 address. The country and the provider
 * can still be told; the subscriber cannot. Anything that is not an address (a header a proxy passed on)
 * says nothing worth keeping: `0.0.0.0/0`. A network already cut is returned as it is.
 */
export function addressNetwork(address: string): string {
  const [bare = '', bits] = address.trim().replace(/%.*$/, '').split('/');
  // Cutting a network again gives the same network.
  if (bits !== undefined && !(bits === '24' && isIPv4(bare)) && !(bits === '48' && isIPv6(bare))) return '0.0.0.0/0';
  if (isIPv4(bare)) return `${bare.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(bare)) return '0.0.0.0/0';
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return addressNetwork(`${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`);
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::/48`;
}
