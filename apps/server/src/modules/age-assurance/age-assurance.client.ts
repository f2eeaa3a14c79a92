import * as oidc from 'openid-client';

/**
 * The relying party of an age check (ADR 0030): OpenID Connect authorization code with PKCE (S256), a
 * state and a nonce per request, the ID token's signature verified against the issuer's published keys
 * (openid-client's non-repudiation checks, so a token is never taken on the channel's word alone), and
 * one claim read from it — `age_over_18` by default, as providers and the EU age-verification blueprint
 * name it. Nothing else of the token is kept.
 */
export interface AgeProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  scope: string;
  claim: string;
  redirectUri: string;
  /** Plain http to the issuer: tests and the development provider on this machine only. */
  allowHttp: boolean;
}

/** What a request to the provider carries and the callback must find again. */
export interface PendingRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export class AgeAssertionError extends Error {
  override name = 'AgeAssertionError';
}

export function ageProviderClient(settings: AgeProviderSettings) {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, undefined, settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None(), {
        execute: settings.allowHttp ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((error: unknown) => {
        // Asked again on the next request: a provider down at start-up is not down for ever.
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    /** A new request: where to send the browser, and what to keep for the callback. */
    async start(): Promise<{ url: URL; pending: PendingRequest }> {
      const config = await configuration();
      const pending = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    /**
     * The provider's answer at the callback address: the code exchanged (with the verifier), the ID token
     * checked (signature, issuer, audience, expiry, nonce) and its claim read. True only for a claim that
     * is exactly `true`.
     */
    async finish(callbackUrl: URL, pending: PendingRequest): Promise<boolean> {
      const config = await configuration();
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        throw new AgeAssertionError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      if (!claims) throw new AgeAssertionError('no ID token');
      return claims[settings.claim] === true;
    },
  };
}

export type AgeProviderClient = ReturnType<typeof ageProviderClient>;
