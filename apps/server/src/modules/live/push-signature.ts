import { createHmac, timingSafeEqual } from 'node:crypto';
import { LIVE_WINDOW_SECONDS } from '@flick/contract';

/**
 * A partner's push is signed (ADR 0012): HMAC-SHA256 with the site's secret over `${timestamp}.${body}`,
 * in hex; the timestamp is Unix seconds. Signing the timestamp with the body means an old push cannot be
 * sent again with a new time.
 */
export function pushSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** A push older or newer than this is refused, whatever its signature. */
export const PUSH_MAX_SKEW_SECONDS = LIVE_WINDOW_SECONDS;

export type PushCheck = 'ok' | 'stale' | 'bad-signature';

export function checkPush(
  { secret, timestamp, signature, body }: { secret: string; timestamp: string | undefined; signature: string | undefined; body: string },
  now: number = Date.now(),
): PushCheck {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > PUSH_MAX_SKEW_SECONDS) return 'stale';
  const given = (signature ?? '').replace(/^sha256=/, '');
  const expected = pushSignature(secret, timestamp, body);
  if (!/^[0-9a-f]{64}$/i.test(given)) return 'bad-signature';
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), Buffer.from(expected, 'hex')) ? 'ok' : 'bad-signature';
}
