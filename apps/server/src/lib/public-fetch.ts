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
