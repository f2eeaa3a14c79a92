import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Addresses no request from our server to an outside party may reach: this machine and private networks. */
const internal = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = net.isIP(address);
  if (family === 0) return false;
  return !internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
  text: string | null;
}

/**
 * GET of an outside party's http(s) URL as text, from our server: only to public addresses (unless
 * `allowInternal`, for tests), redirects followed by hand (each checked again, at most `maxRedirects`),
 * the whole exchange within `timeoutMs`, and at most `maxBytes` read.
 */
export async function fetchPublicText(
  url: string,
  { timeoutMs, maxBytes, accept, maxRedirects = 3, allowInternal = false }: { timeoutMs: number; maxBytes: number; accept?: string; maxRedirects?: number; allowInternal?: boolean },
): Promise<PublicAnswer> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = new URL(url);
  for (let hop = 0; ; hop += 1) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new Error(`not an http(s) URL: ${current.protocol}`);
    // A literal address is never looked up, so it is judged here.
    const literal = current.hostname.replace(/^\[|\]$/g, '');
    if (!allowInternal && net.isIP(literal) && !isPublicAddress(literal)) throw notPublic(literal);
    const answer = await get(current, { signal, maxBytes, accept, lookup: allowInternal ? undefined : publicLookup });
    if (answer.location && answer.status >= 300 && answer.status < 400) {
      if (hop >= maxRedirects) throw new Error('too many redirects');
      current = new URL(answer.location, current);
      continue;
    }
    return { ok: answer.status >= 200 && answer.status < 300, status: answer.status, text: answer.text };
  }
}

function get(
  url: URL,
  options: { signal: AbortSignal; maxBytes: number; accept?: string; lookup?: net.LookupFunction },
): Promise<{ status: number; location?: string; text: string | null }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).get(
      url,
      { signal: options.signal, lookup: options.lookup, headers: options.accept ? { accept: options.accept } : {} },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location, text: null });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            return resolve({ status, text: null });
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}
