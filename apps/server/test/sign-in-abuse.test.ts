import { accountMessages as m } from '@flick/contract';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_BACKOFF } from '../src/modules/auth/sign-in-backoff.ts';
import { client, newAccount, signUp } from './helpers/accounts.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Guessing passwords, telling accounts apart by timing, and our own mail carrying someone's text (SECURITY.md). */

/** Each e-mail takes as long as a quick SMTP server needs: what an answer must not wait for. */
const MAIL_DELAY_MS = 60;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { mailDelayMs: MAIL_DELAY_MS });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = client()) => t.app.inject({ method: 'POST', url, payload, headers });
const signIn = (email: string, password: string, headers?: Record<string, string>) => post('/v1/login', { email, password }, headers);
const mailTo = (email: string) => t.mail.filter((mail) => mail.to === email);
/** Lets the address's lock run out, as if its minutes had passed. */
const expireLock = (email: string) =>
  t.pool.query(`update sign_in_backoff set locked_until = now() - interval '1 second' where email_key = $1`, [
    createHash('sha256').update(email.toLowerCase()).digest('hex'),
  ]);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function failTimes(email: string, count: number) {
  for (let i = 0; i < count; i += 1) expect((await signIn(email, 'wrong-password-1')).statusCode).toBe(401);
}

describe('per-account backoff on failed sign-ins', () => {
  it(`refuses the next sign-in after ${SIGN_IN_BACKOFF.freeFailures} failures, right password or not, with 429, retry-after and "${m.signInLocked}"`, async () => {
    const { account } = await signUp(t, 'user');
    await failTimes(account.email, SIGN_IN_BACKOFF.freeFailures);
    const locked = await signIn(account.email, account.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: m.signInLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(SIGN_IN_BACKOFF.firstLockSeconds - 5);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(SIGN_IN_BACKOFF.firstLockSeconds);
  });

  it('answers an address with no account exactly the same way', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    await failTimes(email, SIGN_IN_BACKOFF.freeFailures);
    const locked = await signIn(email, 'whatever-pass-1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: m.signInLocked });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(SIGN_IN_BACKOFF.firstLockSeconds - 5);
  });

  it('doubles the lock with each failure after it runs out, up to the cap', async () => {
    const { account } = await signUp(t, 'user');
    await failTimes(account.email, SIGN_IN_BACKOFF.freeFailures);
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await expireLock(account.email);
      expect((await signIn(account.email, 'wrong-password-1')).statusCode).toBe(401);
      waits.push(Number((await signIn(account.email, account.password)).headers['retry-after']));
    }
    const first = SIGN_IN_BACKOFF.firstLockSeconds;
    const expected = [2, 4, 8, 16, 32, 64].map((factor) => Math.min(first * factor, SIGN_IN_BACKOFF.maxLockSeconds));
    waits.forEach((wait, i) => expect(wait).toBeGreaterThan(expected[i]! - 5));
    waits.forEach((wait, i) => expect(wait).toBeLessThanOrEqual(expected[i]!));
  });

  it('starts counting again after a successful sign-in', async () => {
    const { account } = await signUp(t, 'user');
    await failTimes(account.email, SIGN_IN_BACKOFF.freeFailures - 1);
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
    await failTimes(account.email, SIGN_IN_BACKOFF.freeFailures - 1);
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
  });

  it('ends the lock when the password is reset from the mailed link', async () => {
    const { account } = await signUp(t, 'user');
    await failTimes(account.email, SIGN_IN_BACKOFF.freeFailures);
    await post('/v1/forgot-password', { email: account.email });
    const mail = await eventually(async () => mailTo(account.email).find((message) => message.link?.includes('/reset-password/')), Boolean);
    const token = mail!.link!.split('/').pop()!;
    expect((await post('/v1/reset-password', { token, password: 'new-password-1', password_confirmation: 'new-password-1' })).statusCode).toBe(200);
    expect((await signIn(account.email, 'new-password-1')).statusCode).toBe(200);
  });

  it('e-mails the account once when the backoff starts, with a way to reset the password and nothing the account chose', async () => {
    const { account } = await signUp(t, 'user', { name: 'Visit evil.example.com now' });
    await failTimes(account.email, SIGN_IN_BACKOFF.freeFailures - 1);
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS * 3));
    expect(mailTo(account.email).filter((mail) => /sign in/i.test(mail.subject))).toHaveLength(0);

    await failTimes(account.email, 1);
    const notices = () => Promise.resolve(mailTo(account.email).filter((mail) => /sign in/i.test(mail.subject)));
    const [notice] = await eventually(notices, (found) => found.length === 1);
    expect(notice!.text).toMatch(/if it wasn't you, reset your password/i);
    expect(notice!.text).toContain('http://flick.test/forgot-password');
    expect(`${notice!.subject}${notice!.text}${notice!.html}`).not.toContain('evil.example');

    for (let i = 0; i < 3; i += 1) {
      await expireLock(account.email);
      await failTimes(account.email, 1);
    }
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS * 3));
    expect(await notices()).toHaveLength(1);
  });

  it('sends no notice for an address without an account', async () => {
    const email = `nobody-notice-${Date.now()}@example.com`;
    await failTimes(email, SIGN_IN_BACKOFF.freeFailures);
    expect((await signIn(email, 'wrong-password-1')).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, MAIL_DELAY_MS * 3));
    expect(mailTo(email)).toHaveLength(0);
  });
});

describe('per-address limit on sign-ins', () => {
  it(`counts only failures: after a dozen good sign-ins one address still has 10 failures before "${m.tooManyAttempts}"`, async () => {
    const { account } = await signUp(t, 'user');
    const headers = { 'x-forwarded-for': '2001:db8:28::1' };
    for (let i = 0; i < 12; i += 1) expect((await signIn(account.email, account.password, headers)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await signIn(`stranger-${i}-${Date.now()}@example.com`, 'wrong-password-1', headers)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await signIn(account.email, account.password, headers);
    expect(statuses[10]).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: m.tooManyAttempts });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('forgot-password and resend-email answer in the same time for any address', () => {
  async function timings(url: string, known: string) {
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 20; i += 1) {
      for (const which of ['known', 'unknown'] as const) {
        const email = which === 'known' ? known : `nobody-${i}-${Date.now()}@example.com`;
        const started = performance.now();
        const res = await post(url, { email });
        times[which].push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
    }
    return { known: median(times.known), unknown: median(times.unknown) };
  }

  const alike = ({ known, unknown }: { known: number; unknown: number }) => Math.abs(known - unknown) < 15 || Math.max(known, unknown) < 2 * Math.min(known, unknown);

  it('answers forgot-password without waiting for the mail, which still arrives', async () => {
    const { account } = await signUp(t, 'user');
    const sent = mailTo(account.email).length;
    const medians = await timings('/v1/forgot-password', account.email);
    expect(alike(medians), JSON.stringify(medians)).toBe(true);
    await eventually(
      async () => mailTo(account.email).length,
      (count) => count === sent + 20,
    );
    expect(mailTo(account.email).at(-1)!.link).toMatch(/^http:\/\/flick\.test\/reset-password\//);
  });

  it('answers resend-email without waiting for the mail, which still arrives', async () => {
    const { account } = await signUp(t, 'user');
    const sent = mailTo(account.email).length;
    const medians = await timings('/v1/resend-email', account.email);
    expect(alike(medians), JSON.stringify(medians)).toBe(true);
    await eventually(
      async () => mailTo(account.email).length,
      (count) => count === sent + 20,
    );
    expect(mailTo(account.email).at(-1)!.link).toMatch(/^http:\/\/flick\.test\/verify-email\//);
  });
});

describe('mail to an address not yet confirmed carries no user-chosen text', () => {
  const phishing = 'Your account is suspended, log in at http://flick-support.example';

  it('leaves the display name out of the verification mail, at sign-up and when sent again', async () => {
    const account = newAccount('user', { name: phishing });
    expect((await post('/v1/register', account)).statusCode).toBe(201);
    await post('/v1/resend-email', { email: account.email });
    const mails = await eventually(
      async () => mailTo(account.email),
      (found) => found.length === 2,
    );
    for (const mail of mails) {
      expect(mail.link).toMatch(/\/verify-email\//);
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/suspended|flick-support/);
    }
  });

  it('leaves the display name out of the password reset mail', async () => {
    const account = newAccount('user', { name: phishing });
    await post('/v1/register', account);
    await post('/v1/forgot-password', { email: account.email });
    const [mail] = await eventually(
      async () => mailTo(account.email).filter((found) => found.link?.includes('/reset-password/')),
      (found) => found.length === 1,
    );
    expect(`${mail!.subject}\n${mail!.text}\n${mail!.html}`).not.toMatch(/suspended|flick-support/);
  });
});
