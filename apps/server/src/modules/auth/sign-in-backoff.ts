import { createHash } from 'node:crypto';

/**
 * Failed sign-ins per e-mail address before the first lock, the first lock, and the longest (SECURITY.md):
 * each failure after the free ones doubles the lock, up to 15 minutes, so a guesser gets about a hundred
 * tries a day while the owner is kept out for minutes at worst. A day without failures starts over.
 */
export const SIGN_IN_BACKOFF = { freeFailures: 5, firstLockSeconds: 60, maxLockSeconds: 15 * 60, forgetAfterSeconds: 24 * 60 * 60 } as const;

/** Failed sign-ins one client address may make per minute, whatever the addresses tried (successes are free). */
export const ADDRESS_FAILURES = { max: 10, windowSeconds: 60 } as const;

/** The lock after the `failures`-th failure in a row, in seconds; 0 while failures are free. */
export function lockSeconds(failures: number): number {
  const { freeFailures, firstLockSeconds, maxLockSeconds } = SIGN_IN_BACKOFF;
  if (failures < freeFailures) return 0;
  return Math.min(firstLockSeconds * 2 ** Math.min(failures - freeFailures, 20), maxLockSeconds);
}

/** What the backoff is kept under: the address as typed, in any case, hashed so the table names nobody. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
