import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a browser keeps of an age check (ADR 0030): a cookie saying "declared 18+" or "assured 18+"
 * until a time, signed by the server. Nothing else: no name, no birthdate, no provider's subject; the
 * server keeps nothing of a guest's browser. Verified on every request of a gated place (HTML, API,
 * media), with the key alone: no database read.
 */
export const AGE_PASS_COOKIE = 'flick_age';
export type AgePassKind = 'declared' | 'assured';

export interface AgePass {
  kind: AgePassKind;
  until: Date;
}

export interface AgePasses {
  /** The cookie's value for a pass of this kind until then. */
  issue(kind: AgePassKind, until: Date): string;
  /** The pass a Cookie header carries, when it is ours, whole and not expired. */
  read(cookieHeader: string | undefined): AgePass | null;
  /** A Set-Cookie header for the pass (HttpOnly, SameSite=Lax, Secure over https). */
  setCookie(kind: AgePassKind, until: Date, secure: boolean): string;
}

const VALUE = /^1\.(declared|assured)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The signing key is derived from the media signing key with a label: one secret to rotate, distinct uses. */
export function agePasses(mediaSigningKey: string | Buffer, { now = () => Date.now() }: { now?: () => number } = {}): AgePasses {
  const key = createHmac('sha256', mediaSigningKey).update('flick age pass v1').digest();
  const sign = (kind: string, until: number) => createHmac('sha256', key).update(`${kind}:${until}`).digest('base64url');
  const issue = (kind: AgePassKind, until: Date) => {
    const seconds = Math.floor(until.getTime() / 1000);
    return `1.${kind}.${seconds}.${sign(kind, seconds)}`;
  };
  return {
    issue,
    read(cookieHeader) {
      const value = cookieValue(cookieHeader, AGE_PASS_COOKIE);
      if (!value) return null;
      const match = VALUE.exec(value);
      if (!match) return null;
      const [, kind, secondsText, signature] = match as unknown as [string, AgePassKind, string, string];
      const seconds = Number(secondsText);
      if (seconds * 1000 <= now()) return null;
      const given = Buffer.from(signature);
      const expected = Buffer.from(sign(kind, seconds));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { kind, until: new Date(seconds * 1000) };
    },
    setCookie(kind, until, secure) {
      const maxAge = Math.max(0, Math.floor((until.getTime() - now()) / 1000));
      return `${AGE_PASS_COOKIE}=${issue(kind, until)}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    },
  };
}

/** One cookie's value from a Cookie header; the first wins, as browsers send the most specific path first. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    if (part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
