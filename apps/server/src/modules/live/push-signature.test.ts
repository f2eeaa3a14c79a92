import { describe, expect, it } from 'vitest';
import { checkPush, pushSignature } from './push-signature.ts';

describe('checkPush', () => {
  const now = 1_800_000_000_000;
  const timestamp = String(now / 1000);
  const body = '{"rooms":[{"room":"luna","live":true}]}';
  const signature = pushSignature('secret', timestamp, body);

  it('takes the HMAC-SHA256 of "timestamp.body" in hex, with or without "sha256="', () => {
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(checkPush({ secret: 'secret', timestamp, signature, body }, now)).toBe('ok');
    expect(checkPush({ secret: 'secret', timestamp, signature: `sha256=${signature.toUpperCase()}`, body }, now)).toBe('ok');
  });

  it('refuses another body, another secret, another timestamp and anything not a signature', () => {
    expect(checkPush({ secret: 'secret', timestamp, signature, body: body.replace('true', 'false') }, now)).toBe('bad-signature');
    expect(checkPush({ secret: 'other', timestamp, signature, body }, now)).toBe('bad-signature');
    expect(checkPush({ secret: 'secret', timestamp: String(now / 1000 + 1), signature, body }, now)).toBe('bad-signature');
    expect(checkPush({ secret: 'secret', timestamp, signature: 'abc', body }, now)).toBe('bad-signature');
    expect(checkPush({ secret: 'secret', timestamp, signature: undefined, body }, now)).toBe('bad-signature');
  });

  it('refuses a timestamp more than 5 minutes away, or none', () => {
    expect(checkPush({ secret: 'secret', timestamp, signature, body }, now + 300_000)).toBe('ok');
    expect(checkPush({ secret: 'secret', timestamp, signature, body }, now + 301_000)).toBe('stale');
    expect(checkPush({ secret: 'secret', timestamp, signature, body }, now - 301_000)).toBe('stale');
    expect(checkPush({ secret: 'secret', timestamp: undefined, signature, body }, now)).toBe('stale');
    expect(checkPush({ secret: 'secret', timestamp: '1.5e9', signature, body }, now)).toBe('stale');
  });
});
