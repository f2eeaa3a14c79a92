import { createPrivateKey, createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { devAgeProvider } from '../../src/modules/age-assurance/dev-provider.ts';

/** How the man in the middle treats the token endpoint's answer. */
export type TokenTampering = 'none' | 'forge' | 'expire' | 'replay-earlier';

export interface TestAgeProvider {
  issuer: string;
  clientId: string;
  /** What the channel does to the next token answers (a compromised network, or a provider bug). */
  tamper: TokenTampering;
  close(): Promise<void>;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject) {
  const data = `${b64url(header)}.${b64url(payload)}`;
  return `${data}.${createSign('RSA-SHA256').update(data).sign(key).toString('base64url')}`;
}

/**
 * A real OpenID provider (oidc-provider, through Flick's development provider) on a port of its own, behind
 * a small proxy that can tamper with the token endpoint's answers: an ID token re-signed with another key
 * (forged), re-signed with the provider's own key but long expired, or an earlier flow's token handed again
 * (replayed). The issuer is the proxy's address, so Flick talks to the provider only through it.
 */
export async function startTestAgeProvider(redirectUri: string): Promise<TestAgeProvider> {
  const clientId = 'flick-test';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const providerKey = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
  const attackerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  const proxy = http.createServer();
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const provider = await devAgeProvider({
    issuer,
    clientId,
    redirectUris: [redirectUri],
    signingKeys: [{ ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }],
  });
  const origin = http.createServer((req, res) => provider.handle(req, res));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const originPort = (origin.address() as AddressInfo).port;

  const state: TestAgeProvider = { issuer, clientId, tamper: 'none', close: async () => undefined };
  let earlierIdToken: string | null = null;

  proxy.on('request', (req, res) => {
    const upstream = http.request({ host: '127.0.0.1', port: originPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      const isToken = req.url?.startsWith('/token') && answer.statusCode === 200;
      if (!isToken) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id_token: string };
        const [headerPart, payloadPart] = body.id_token.split('.') as [string, string];
        const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as Record<string, unknown>;
        const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<string, unknown>;
        const now = Math.floor(Date.now() / 1000);
        if (state.tamper === 'forge') body.id_token = signJwt(header, { ...payload, age_over_18: true }, attackerKey);
        if (state.tamper === 'expire') body.id_token = signJwt(header, { ...payload, iat: now - 7200, exp: now - 3600 }, providerKey);
        if (state.tamper === 'replay-earlier' && earlierIdToken) body.id_token = earlierIdToken;
        else earlierIdToken = body.id_token;
        const text = JSON.stringify(body);
        const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
        res.writeHead(200, headers);
        res.end(text);
      });
    });
    upstream.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });

  state.close = async () => {
    proxy.closeAllConnections();
    origin.closeAllConnections();
    await Promise.all([new Promise((resolve) => proxy.close(resolve)), new Promise((resolve) => origin.close(resolve))]);
  };
  return state;
}

/**
 * A browser at the provider: follows its redirects with its cookies, answers the development provider's
 * question, and returns the address it is finally sent back to (Flick's callback, with code and state).
 */
export async function answerAtProvider(authorizeUrl: string, answer: 'adult' | 'minor'): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar.entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  let url = new URL(authorizeUrl);
  let init: RequestInit = { redirect: 'manual' };
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    remember(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin || next.pathname.startsWith('/v1/')) return next;
      url = next;
      init = { redirect: 'manual' };
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&#47;', '/'), url);
    init = { redirect: 'manual', method: 'POST', body: new URLSearchParams({ answer }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider never sent the browser back');
}
