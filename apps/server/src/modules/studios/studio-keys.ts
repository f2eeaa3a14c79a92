import { normalizeStudioKey } from '@flick/contract';
import { randomInt } from 'node:crypto';
import { hashToken } from '../../lib/tokens.ts';

/** Letters and digits a person reads off a message without doubt: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A new join key: 5 groups of 4 (about 99 random bits), e.g. K7QF-2M9X-HT4C-PW8R-ZN3D. Shown once. */
export function newStudioKey(): string {
  const groups = Array.from({ length: 5 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''));
  return groups.join('-');
}

/** Keys are stored and looked up by the SHA-256 of their normal form (case and dashes ignored). */
export const studioKeyHash = (key: string) => hashToken(normalizeStudioKey(key));
