import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** IPv4 addresses no request from our server to an outside party may reach: this machine, private and reserved networks. */
const internalV4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internalV4.addSubnet(network, prefix, 'ipv4');
}

/**
 * Special-purpose blocks inside global unicast (2000::/3) that are not the public internet (IANA's IPv6
 * special-purpose registry): Teredo, whose IPv4 addresses are not worth decoding; benchmarking; ORCHID;
 * documentation. 6to4 (2002::/16) is not here: it is judged by the IPv4 address it carries.
 */
const internalGlobalV6 = new net.BlockList();
for (const [network, prefix] of [
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const) {
  internalGlobalV6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address, however it is spelled (`::`, leading zeros, a dotted IPv4 tail); null for a scoped one (`%zone`). */
function ipv6Groups(address: string): number[] | null {
  let host: string;
  try {
    // The URL parser writes any spelling in one canonical form: hex groups, `::` for the longest zero run.
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = '', tail] = host.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
const isPublicV4 = (address: string) => !internalV4.check(address, 'ipv4');
const zero = (groups: number[]) => groups.every((group) => group === 0);

/**
 * Whether an IP address is on the public internet. IPv6 must be global unicast (2000::/3, so this machine,
 * unique-local, link-local, multicast and IPv4-compatible addresses are not); a form that carries an IPv4
 * address the network may translate to (IPv4-mapped, NAT64 64:ff9b::/96, 6to4) is judged by that address.
 */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return isPublicV4(address);
  if (family !== 6) return false;
  const g = ipv6Groups(address);
  if (!g) return false;
  if (zero(g.slice(0, 5)) && g[5] === 0xffff) return isPublicV4(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(g.slice(2, 6))) return isPublicV4(ipv4Of(g[6]!, g[7]!));
  if (g[0] === 0x2002) return isPublicV4(ipv4Of(g[1]!, g[2]!));
  if ((g[0]! & 0xe000) !== 0x2000) return false;
  return !internalGlobalV6.check(g.map((group) => group.toString(16)).join(':'), 'ipv6');
}

const notPublic = (host: string) => Object.assign(new Error(`${host} is not a public address`), { code: 'ENOTPUBLIC' });

/**
 * A DNS lookup that answers only public addresses. It runs when the socket connects, so a name that
 * resolves to a public address for a check and to an internal one later (DNS rebinding) is still refused.
 */
const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || !list.every((entry) => isPublicAddress(entry.address))) {
      return callback(notPublic(hostname), '', 0);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface PublicAnswer {
  ok: boolean;
  status: number;
  /** Null when the body was larger than allowed. */
  body: Buffer | null;
}

export interface PublicRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  /** At most this much of the answer is read. */
  maxBytes: number;
  /** Redirects followed (by hand, each checked again); 0 answers the redirect itself. */
  maxRedirects?: number;
  /** Tests only: allow this machine and private networks. */
  allowInternal?: boolean;
}

/**
 * A request from our server to an outside party's http(s) URL: only to public addresses, so no URL a
 * user or an admin gave can make it reach this machine or a private network (cloud metadata included).
 */
export async function requestPublic(url: string, options: PublicRequest): Promise<PublicAnswer> {
  const { maxRedirects = 0, allowInternal = false } = options;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = new URL(url);
  for (let hop = 0; ; hop += 1) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new Error(`not an http(s) URL: ${current.protocol}`);
    // A literal address is never looked up, so it is judged here.
    const literal = current.hostname.replace(/^\[|\]$/g, '');
    if (!allowInternal && net.isIP(literal) && !isPublicAddress(literal)) throw notPublic(literal);
    const answer = await send(current, options, signal, allowInternal ? undefined : publicLookup);
    if (answer.location && hop < maxRedirects) {
      current = new URL(answer.location, current);
      continue;
    }
    if (answer.location && maxRedirects > 0) throw new Error('too many redirects');
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, body: answer.body };
  }
}

/** GET as text (see requestPublic); `text` is null when the answer was larger than `maxBytes`. */
export async function fetchPublicText(url: string, options: Omit<PublicRequest, 'method' | 'body' | 'headers'> & { accept?: string }) {
  const answer = await requestPublic(url, { ...options, headers: options.accept ? { accept: options.accept } : {} });
  return { ok: answer.ok, status: answer.status, text: answer.body && answer.body.toString('utf8') };
}

function send(
  url: URL,
  options: PublicRequest,
  signal: AbortSignal,
  lookup: net.LookupFunction | undefined,
): Promise<{ status: number; location?: string; body: Buffer | null }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: options.method ?? 'GET', signal, lookup, headers: options.headers ?? {} },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location, body: null });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            return resolve({ status, body: null });
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
