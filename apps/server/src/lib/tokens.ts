import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for bearer tokens and one-time e-mail links. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored and looked up by their SHA-256 only. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
