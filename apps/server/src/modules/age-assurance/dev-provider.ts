// The package has no types; its declaration beside this file is not in every project that compiles this one (e2e, scripts).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The development age provider (ADR 0030): a real OpenID provider (oidc-provider) whose only "check" is a
 * question — "18 or older?" — for trying Flick out and for its tests. It is loaded only when
 * AGE_ASSURANCE_DEV_PROVIDER is set, refused when NODE_ENV=production (config/env.ts), and says what it is
 * on its page and on Flick's gate. It answers a public client with PKCE (S256), puts `age_over_18` in the
 * ID token and remembers its made-up accounts in memory.
 */
export const DEV_PROVIDER_PATH = '/dev-age-provider';
export const DEV_CLIENT_ID = 'flick-development';

export interface DevProviderOptions {
  /** The issuer, as clients reach it (`${PUBLIC_URL}/dev-age-provider`, or a test server's address). */
  issuer: string;
  redirectUris: string[];
  /** Where the provider is mounted on its host ('' for a server of its own). */
  mountPath?: string;
  clientId?: string;
  /** Signing keys (private JWKs); a new RSA key when not given. Tests pass theirs, to forge with the real key. */
  signingKeys?: Record<string, unknown>[];
  /** ID token lifetime, seconds. */
  idTokenTtl?: number;
}

export interface DevProvider {
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}

/** Plain and readable on a phone; its look says it is not Flick's own page. */
const STYLE =
  'body{margin:0;font:17px/1.5 system-ui,sans-serif;background:#15151c;color:#eee}main{max-width:28rem;margin:0 auto;padding:2rem 1.25rem}' +
  '.note{border:2px dashed #e0a800;border-radius:12px;padding:.75rem 1rem;color:#ffd666}h1{font-size:1.75rem;margin:1.5rem 0}' +
  'button{display:block;width:100%;margin:.75rem 0;padding:.9rem;border-radius:999px;border:1px solid #666;background:#2a2a35;color:#fff;font:inherit;font-weight:700}' +
  'button[value=adult]{background:#e0a800;color:#111;border-color:#e0a800}';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark light"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 4096) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function devAgeProvider(options: DevProviderOptions): Promise<DevProvider> {
  const { default: Provider } = await import('oidc-provider');
  const mountPath = options.mountPath ?? '';
  const clientId = options.clientId ?? DEV_CLIENT_ID;
  const signingKeys =
    options.signingKeys ??
    (() => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      return [{ ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' }];
    })();
  // The made-up accounts: an id per answer, and the answer.
  const adults = new Map<string, boolean>();

  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: clientId,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true, methods: ['S256'] },
    scopes: ['openid'],
    claims: { openid: ['sub', 'age_over_18'] },
    // The claim goes in the ID token (signed), not only in the userinfo answer.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string) => (adults.has(id) ? { accountId: id, claims: () => ({ sub: id, age_over_18: adults.get(id) === true }) } : undefined),
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: signingKeys },
    ttl: { IdToken: options.idTokenTtl ?? 300, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = page('Age check error', `<h1>The age check could not go on</h1><p>${escapeHtml(out.error_description ?? out.error ?? 'error')}</p>`);
    },
  });
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-store');
      res.end(
        page(
          'Development age check',
          `<p class="note"><strong>Development age provider</strong>: not a real age check. It is for trying Flick out and for its tests, and it is refused in production.</p>
<h1>Are you 18 or older?</h1>
<form method="post" action="${escapeHtml(`${mountPath}/interaction/${details.uid}`)}">
<button type="submit" name="answer" value="adult">Yes, I am 18 or older</button>
<button type="submit" name="answer" value="minor">No, I am under 18</button>
</form>`,
        ),
      );
      return;
    }
    const answer = (await readForm(req)).get('answer');
    if (answer !== 'adult' && answer !== 'minor') {
      res.statusCode = 400;
      res.end('Choose an answer.');
      return;
    }
    const accountId = `dev-${randomUUID()}`;
    adults.set(accountId, answer === 'adult');
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid');
    grant.addOIDCClaims(['age_over_18']);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    handle(req, res) {
      const originalUrl = req.url ?? '/';
      const url = mountPath && originalUrl.startsWith(mountPath) ? originalUrl.slice(mountPath.length) || '/' : originalUrl;
      if (/^\/interaction\/[A-Za-z0-9_-]+$/.test(url.split('?')[0]!) && (req.method === 'GET' || req.method === 'POST')) {
        req.url = originalUrl;
        interaction(req, res).catch((error: unknown) => {
          if (!res.headersSent) res.statusCode = 400;
          res.end(page('Age check error', `<p>${escapeHtml(error instanceof Error ? error.message : 'error')}</p>`));
        });
        return;
      }
      // As Express mounts it: the provider sees its own paths, and the original for the cookies' paths.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = originalUrl;
      req.url = url;
      callback(req, res);
    },
  };
}
