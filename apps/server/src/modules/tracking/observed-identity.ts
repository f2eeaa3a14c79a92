import { isIPv4, isIPv6 } from 'node:net';
import { ipv6Groups } from '../../lib/address-network.ts';

/**
 * The network a client address stands for (SECURITY.md): an IPv4 address itself, an IPv6 address by its
 * /64, the smallest block a provider hands one subscriber, so a single host cannot be many people.
 * An IPv4-mapped IPv6 address is its IPv4 address. Anything else (never from a socket) is kept as it is.
 */
export function clientNetwork(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  // `::ffff:a.b.c.d`: an IPv4 client on a dual-stack socket.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * How many distinct people stand behind a video's open reports, for hiding it: signed-in accounts only
 * (a guest's id is whatever the request says, and a guest costs nothing to be), and no more than the
 * networks they reported from, so accounts made from one connection count once.
 */
export function distinctReporters(reports: readonly { userId: number | null; clientIp: string }[]): number {
  const byAccount = reports.filter((report) => report.userId !== null);
  const accounts = new Set(byAccount.map((report) => report.userId)).size;
  const networks = new Set(byAccount.map((report) => clientNetwork(report.clientIp))).size;
  return Math.min(accounts, networks);
}
