import { accountMessages as m } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, signUp } from './helpers/accounts.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, language?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...client(), ...(language ? { 'accept-language': language } : {}) } });

describe('the server speaks the reader’s language (issue 32: Accept-Language)', () => {
  it('answers a German reader’s mistake in German, and says which language it answered in', async () => {
    const res = await post('/v1/forgot-password', { email: '' }, 'de-DE,de;q=0.9,en;q=0.5');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Bitte gib die E-Mail ein.');
    expect(res.headers['content-language']).toBe('de');
    expect(res.headers.vary).toContain('Accept-Language');
  });

  it('translates each field’s messages as well as the first', async () => {
    const res = await post('/v1/forgot-password', { email: '' }, 'fr');
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).not.toBe(m.forgotEmailRequired);
    expect(Object.values(body.errors).flat()).toContain(body.message);
  });

  it('confirms in the reader’s language too', async () => {
    const res = await post('/v1/forgot-password', { email: 'nobody-at-all@example.com' }, 'pt-BR');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).not.toBe(m.forgotSent);
    expect(res.headers['content-language']).toBe('pt-BR');
  });

  it('answers in English where the reader asks for none of its languages, or for none at all', async () => {
    expect((await post('/v1/forgot-password', { email: '' }, 'ja-JP')).json().message).toBe(m.forgotEmailRequired);
    expect((await post('/v1/forgot-password', { email: '' })).json().message).toBe(m.forgotEmailRequired);
  });

  it('e-mails a reset link in the language it was asked for in', async () => {
    const { account } = await signUp(t, 'user');
    const sent = t.mail.length;
    await post('/v1/forgot-password', { email: account.email }, 'es');
    await eventually(
      async () => t.mail.length,
      (length) => length > sent,
    );
    const mail = t.mail.at(-1)!;
    expect(mail.subject).not.toBe('Reset your password');
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain(mail.subject);
  });

  it('writes an account’s later e-mails in the language it signed in with, whatever the request that causes them', async () => {
    const account = newAccount('user');
    expect((await post('/v1/register', account, 'fr-FR')).statusCode).toBe(201);
    const login = await post('/v1/login', { email: account.email, password: account.password, remember_me: false }, 'fr-FR');
    const auth = { authorization: `Bearer ${(login.json() as { access_token: string }).access_token}` };
    const sent = t.mail.length;
    // Asked for without any language (a script, an old tab): the account's own is French.
    const res = await t.app.inject({ method: 'POST', url: '/v1/account/deletion', payload: { password: account.password }, headers: { ...client(), ...auth } });
    expect(res.statusCode).toBe(200);
    await eventually(
      async () => t.mail.length,
      (length) => length > sent,
    );
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(account.email);
    expect(mail.subject).not.toBe('Your account is scheduled for deletion');
    expect(mail.html).toContain(mail.subject);
  });
});
