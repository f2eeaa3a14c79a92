import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('starts on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.worker).toBe('inline');
    expect(config.links.livecamsUrl).toBeNull();
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ VIDEO_MODERATION: 'sometimes' })).toThrow(/VIDEO_MODERATION/);
    expect(() => loadConfig({ LIVECAMS_URL: 'javascript:alert(1)' })).toThrow(/LIVECAMS_URL/);
  });

  it("sends a viewer's quick exit to QUICK_EXIT_URL, a web address, else a search engine's front page (issue 31)", () => {
    expect(loadConfig({}).links.quickExitUrl).toBe('https://www.google.com/');
    expect(loadConfig({ QUICK_EXIT_URL: '' }).links.quickExitUrl).toBe('https://www.google.com/');
    expect(loadConfig({ QUICK_EXIT_URL: 'https://weather.example/' }).links.quickExitUrl).toBe('https://weather.example/');
    expect(() => loadConfig({ QUICK_EXIT_URL: 'javascript:history.back()' })).toThrow(/QUICK_EXIT_URL/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(8080);
  });

  it('wants the bootstrap admin e-mail and password together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'a-long-secret-1' }).admin?.email).toBe('admin@example.com');
  });

  it('keeps /metrics closed unless a token is set or it is opened on purpose', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, public: false });
    expect(loadConfig({ METRICS_TOKEN: 'a-token-of-sixteen-chars' }).metrics).toEqual({ token: 'a-token-of-sixteen-chars', public: false });
    expect(loadConfig({ METRICS_PUBLIC: 'true' }).metrics).toEqual({ token: undefined, public: true });
    expect(() => loadConfig({ METRICS_PUBLIC: 'yes please' })).toThrow(/METRICS_PUBLIC/);
    expect(() => loadConfig({ METRICS_PUBLIC: 'true', METRICS_TOKEN: 'a-token-of-sixteen-chars' })).toThrow(/METRICS_PUBLIC: .*METRICS_TOKEN/);
  });

  it('purges a CDN only when told where, with a token of some length, and accepts a previous signing key (ADR 0027)', () => {
    expect(loadConfig({}).mediaPurge).toBeUndefined();
    expect(loadConfig({ MEDIA_PURGE_URL: 'https://cdn.example/purge', MEDIA_PURGE_TOKEN: 'a-token-of-sixteen-chars' }).mediaPurge).toEqual({
      url: 'https://cdn.example/purge',
      token: 'a-token-of-sixteen-chars',
    });
    expect(loadConfig({ MEDIA_PURGE_URL: 'https://cdn.example/purge' }).mediaPurge).toEqual({ url: 'https://cdn.example/purge', token: undefined });
    expect(() => loadConfig({ MEDIA_PURGE_URL: 'ftp://cdn.example/purge' })).toThrow(/MEDIA_PURGE_URL/);
    expect(() => loadConfig({ MEDIA_PURGE_URL: 'https://cdn.example/purge', MEDIA_PURGE_TOKEN: 'short' })).toThrow(/MEDIA_PURGE_TOKEN/);
    expect(() => loadConfig({ MEDIA_PURGE_TOKEN: 'a-token-of-sixteen-chars' })).toThrow(/MEDIA_PURGE_TOKEN: set with MEDIA_PURGE_URL/);
    expect(loadConfig({ MEDIA_SIGNING_KEY_PREVIOUS: 'p'.repeat(32) }).mediaSigningKeyPrevious).toBe('p'.repeat(32));
    expect(() => loadConfig({ MEDIA_SIGNING_KEY_PREVIOUS: 'short' })).toThrow(/MEDIA_SIGNING_KEY_PREVIOUS/);
  });

  it('checks ages with no provider unless one is configured, and never with the development provider in production (ADR 0030)', () => {
    expect(loadConfig({}).ageAssurance).toEqual({ provider: undefined, claim: 'age_over_18', scope: 'openid', validDays: 30 });
    expect(loadConfig({ AGE_ASSURANCE_ISSUER: 'https://age.example', AGE_ASSURANCE_CLIENT_ID: 'flick' }).ageAssurance.provider).toEqual({
      kind: 'configured',
      issuer: 'https://age.example',
      clientId: 'flick',
      clientSecret: undefined,
    });
    expect(() => loadConfig({ AGE_ASSURANCE_ISSUER: 'https://age.example' })).toThrow(/AGE_ASSURANCE_CLIENT_ID/);
    expect(() => loadConfig({ AGE_ASSURANCE_ISSUER: 'javascript:alert(1)', AGE_ASSURANCE_CLIENT_ID: 'flick' })).toThrow(/AGE_ASSURANCE_ISSUER/);
    expect(loadConfig({ NODE_ENV: 'development', AGE_ASSURANCE_DEV_PROVIDER: 'true' }).ageAssurance.provider).toEqual({ kind: 'development' });
    expect(() => loadConfig({ AGE_ASSURANCE_DEV_PROVIDER: 'true' })).toThrow(
      /AGE_ASSURANCE_DEV_PROVIDER: the development age provider is refused when NODE_ENV=production/,
    );
    expect(() => loadConfig({ AGE_ASSURANCE_CLAIM: 'age over 18' })).toThrow(/AGE_ASSURANCE_CLAIM/);
    expect(() => loadConfig({ AGE_ASSURANCE_SCOPE: 'profile' })).toThrow(/AGE_ASSURANCE_SCOPE/);
    expect(() => loadConfig({ AGE_ASSURANCE_VALID_DAYS: '0' })).toThrow(/AGE_ASSURANCE_VALID_DAYS/);
  });
});
