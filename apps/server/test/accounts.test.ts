import { accountMessages as m, profileUserSchema } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, newAccount, signUp } from './helpers/accounts.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers: { ...client(), ...headers } });
const linkToken = (link = '') => link.split('/').pop()!;
/** forgot-password and resend-email answer before their mail goes out (SECURITY.md). */
const mailCount = (count: number) =>
  eventually(
    async () => t.mail.length,
    (length) => length >= count,
  );

describe('POST /v1/register (accounts.md §5 registration)', () => {
  it('creates a model account and e-mails a one-time verification link', async () => {
    const account = newAccount('model');
    const res = await post('/v1/register', account);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: m.registered, user: { type: 'model' } });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(account.email);
    expect(mail.link).toMatch(/^http:\/\/flick\.test\/verify-email\/[\w-]{40,}$/);
    expect(mail.text).toContain(mail.link);
  });

  it('gives a user account the default categories and sex', async () => {
    const account = newAccount('user', { preference: undefined });
    const { token } = await signUp(t, 'user', { email: `u${account.email}`, preference: undefined });
    const res = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().user).toMatchObject({ type: 'user', gender: 'f', preference: ['f', 'c'], username: null });
  });

  it.each([
    ['a missing name', { name: '' }, 'name', m.fillAllFields],
    ['a missing e-mail', { email: '' }, 'email', m.fillAllFields],
    ['an e-mail without a domain', { email: 'someone@example' }, 'email', m.invalidEmailAddress],
    ['a confirmation that differs', { password_confirmation: 'something-else' }, 'password_confirmation', m.passwordsDoNotMatch],
    ['a password under 8 characters', { password: 'short1', password_confirmation: 'short1' }, 'password', m.passwordTooShort],
    ['a model without a phone number', { phone_number: '' }, 'phone_number', m.phoneRequired],
    ['a model with a 3-character phone number', { phone_number: '123' }, 'phone_number', m.phoneRequired],
    ['a model who did not accept the terms', { terms: false }, 'terms', m.termsRequired],
    ['a model without a username', { username: undefined }, 'username', m.usernameRequired],
    ['a username with a space', { username: 'bad name' }, 'username', m.usernameInvalid],
  ])('rejects %s: "%s"', async (_label, override, field, message) => {
    const res = await post('/v1/register', newAccount('model', override as object));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
  });

  it('keeps the country sent (accounts.md §3), as its ISO code in upper case', async () => {
    const { token } = await signUp(t, 'user', { country: ' at ' });
    const res = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${token}` } });
    expect(res.json().user.country).toBe('AT');
    const without = await signUp(t, 'user', { country: undefined });
    const other = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: `Bearer ${without.token}` } });
    expect(other.json().user.country).toBeNull();
  });

  it.each([
    ['no country', 'ZZ', m.unknownCountry],
    ['a UN region', '419', m.unknownCountry],
    ['a country name', 'Austria', m.unknownCountry],
    ['a huge value', 'A'.repeat(100_000), m.unknownCountry],
    ['a NUL byte', 'D\u0000', 'Text cannot contain null characters or invalid Unicode.'],
    ['a number', 40, expect.any(String)],
  ])('refuses %s as the country, says why, and creates nothing', async (_label, country, message) => {
    const account = newAccount('user', { country: country as string });
    const res = await post('/v1/register', account);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.country).toEqual([message]);
    expect((await post('/v1/register', { ...account, country: 'AT' })).statusCode).toBe(201);
  });

  it('needs at least one preferred category for a user', async () => {
    const res = await post('/v1/register', newAccount('user', { preference: [] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.preference).toEqual([m.preferenceRequired]);
  });

  it('refuses a channel account (only an admin creates those)', async () => {
    const res = await post('/v1/register', newAccount('user', { type: 'channel' as 'user' }));
    expect(res.statusCode).toBe(422);
  });

  it('keeps e-mail addresses and usernames unique whatever their case', async () => {
    const first = newAccount('model');
    expect((await post('/v1/register', first)).statusCode).toBe(201);
    const again = await post('/v1/register', newAccount('model', { email: first.email.toUpperCase(), username: first.username!.toUpperCase() }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [m.emailTaken], username: [m.usernameTaken] });
  });
});

describe('POST /v1/check-username', () => {
  it('says whether a name is free, case-insensitively, and keeps route names', async () => {
    const { account } = await signUp(t, 'model');
    const free = await post('/v1/check-username', { username: 'nobody_has_this_1' });
    expect(free.json()).toEqual({ available: true, message: m.usernameAvailable });
    const taken = await post('/v1/check-username', { username: account.username!.toUpperCase() });
    expect(taken.json()).toEqual({ available: false, message: m.usernameTaken });
    // A route name is refused as the field's error (SECURITY.md): "This handle is reserved."
    const reserved = await post('/v1/check-username', { username: 'Discover' });
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json().errors).toEqual({ username: [m.usernameReserved] });
  });

  it('answers 422 with the pattern message for other characters', async () => {
    const res = await post('/v1/check-username', { username: 'no#way' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(m.usernameInvalid);
  });
});

describe('e-mail verification', () => {
  it('marks the address verified once; the link does not work twice', async () => {
    const { auth } = await signUp(t, 'user');
    const token = linkToken(t.mail.at(-1)!.link);
    const profile = () => t.app.inject({ method: 'GET', url: '/v1/profile', headers: auth });
    expect((await profile()).json().user.emailVerified).toBe(false);
    expect((await post('/v1/verify-email', { token })).json()).toEqual({ message: m.emailVerified });
    expect((await profile()).json().user.emailVerified).toBe(true);
    const again = await post('/v1/verify-email', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(m.invalidOrExpiredLink);
  });

  it('resends a new link that replaces the old one, and answers the same for unknown addresses', async () => {
    const { account } = await signUp(t, 'user');
    const oldToken = linkToken(t.mail.at(-1)!.link);
    const sent = t.mail.length;
    const res = await post('/v1/resend-email', { email: account.email });
    expect(res.json()).toEqual({ message: m.verificationEmailSent });
    await mailCount(sent + 1);
    expect((await post('/v1/verify-email', { token: oldToken })).statusCode).toBe(422);
    expect((await post('/v1/verify-email', { token: linkToken(t.mail.at(-1)!.link) })).statusCode).toBe(200);

    const unknown = await post('/v1/resend-email', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: m.verificationEmailSent });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.length).toBe(sent + 1);
  });

  it('refuses an expired link', async () => {
    await signUp(t, 'user');
    const token = linkToken(t.mail.at(-1)!.link);
    await t.pool.query(`update email_tokens set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await post('/v1/verify-email', { token })).statusCode).toBe(422);
  });
});

describe('POST /v1/login and /v1/logout', () => {
  it('answers the token, the user id and type, and a message', async () => {
    const account = newAccount('model');
    await post('/v1/register', account);
    const res = await post('/v1/login', { email: ` ${account.email.toUpperCase()}`, password: account.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ access_token: expect.any(String), user: { id: expect.any(Number), type: 'model' }, message: m.loggedIn });
  });

  it('says "Invalid credentials" for a wrong password and for an unknown address alike', async () => {
    const account = newAccount('user');
    await post('/v1/register', account);
    for (const payload of [
      { email: account.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever-1' },
    ]) {
      const res = await post('/v1/login', payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: m.invalidCredentials });
    }
  });

  it('says "Please fill in all fields." and refuses spaces in the e-mail', async () => {
    expect((await post('/v1/login', { email: '', password: '' })).json().message).toBe(m.loginFillAll);
    expect((await post('/v1/login', { email: 'a b@example.com', password: 'x' })).json().message).toBe(m.loginNoSpaces);
  });

  it('keeps a remembered session for weeks and a plain one for days', async () => {
    const account = newAccount('user');
    await post('/v1/register', account);
    await post('/v1/login', { email: account.email, password: account.password, remember_me: true });
    await post('/v1/login', { email: account.email, password: account.password, remember_me: false });
    const { rows } = await t.pool.query(
      `select extract(epoch from t.expires_at - t.created_at) / 86400 as days from auth_tokens t join users u on u.id = t.user_id
       where u.email = $1 order by t.id`,
      [account.email],
    );
    expect(rows.map((r) => Math.round(Number(r.days)))).toEqual([60, 2]);
  });

  it('revokes the token on logout', async () => {
    const { auth } = await signUp(t, 'user');
    expect((await post('/v1/logout', {}, auth)).json()).toEqual({ message: m.loggedOut });
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: auth })).statusCode).toBe(401);
  });

  it('rate-limits failed sign-ins per client with 429', async () => {
    const headers = { 'x-forwarded-for': '2001:db8:ffff::1' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      // A new address each time: five failures on one address lock that address first (sign-in-abuse.test.ts).
      const res = await t.app.inject({ method: 'POST', url: '/v1/login', payload: { email: `x${i}@example.com`, password: 'nope-nope' }, headers });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('GET /v1/profile', () => {
  it('answers 401 without a token or with a bad one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: m.unauthenticated });
  });

  it('returns the signed-in account without secrets', async () => {
    const { auth, account } = await signUp(t, 'model');
    const res = await t.app.inject({ method: 'GET', url: '/v1/profile', headers: auth });
    const user = profileUserSchema.parse(res.json().user);
    expect(user).toMatchObject({ email: account.email, username: account.username, slug: account.username, isVerified: 'none' });
    expect(res.body).not.toMatch(/password|scrypt/i);
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the address has an account', async () => {
    const { account } = await signUp(t, 'user');
    const sent = t.mail.length;
    const known = await post('/v1/forgot-password', { email: account.email });
    const unknown = await post('/v1/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.json()).toEqual({ message: m.forgotSent });
    expect(unknown.json()).toEqual(known.json());
    await mailCount(sent + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.mail.length).toBe(sent + 1);
    expect(t.mail.at(-1)!.link).toMatch(/^http:\/\/flick\.test\/reset-password\//);
  });

  it('says "Please fill in the email." for an empty address', async () => {
    expect((await post('/v1/forgot-password', { email: '' })).json().message).toBe(m.forgotEmailRequired);
  });

  it('sets a new password once per link and signs every session out', async () => {
    const { account, auth } = await signUp(t, 'user');
    const sent = t.mail.length;
    await post('/v1/forgot-password', { email: account.email });
    await mailCount(sent + 1);
    const token = linkToken(t.mail.at(-1)!.link);
    expect((await post('/v1/reset-password', { token, password: 'short', password_confirmation: 'short' })).json().message).toBe(m.newPasswordTooShort);
    expect((await post('/v1/reset-password', { token, password: 'new-password-1', password_confirmation: 'other' })).json().message).toBe(m.passwordsMustMatch);
    const ok = await post('/v1/reset-password', { token, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(ok.json()).toEqual({ message: m.passwordReset });
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: auth })).statusCode).toBe(401);
    expect((await post('/v1/login', { email: account.email, password: 'new-password-1' })).statusCode).toBe(200);
    expect((await post('/v1/login', { email: account.email, password: account.password })).statusCode).toBe(401);
    const reused = await post('/v1/reset-password', { token, password: 'new-password-2', password_confirmation: 'new-password-2' });
    expect(reused.json().message).toBe(m.invalidOrExpiredLink);
  });
});

describe('POST /v1/profile (accounts.md §5 profile update, §8 toasts)', () => {
  const update = (auth: Record<string, string>, payload: object) => post('/v1/profile', payload, auth);

  it('answers 401 without a token', async () => {
    expect((await post('/v1/profile', { name: 'X' })).statusCode).toBe(401);
  });

  it('updates a model\'s details: "User details updated"', async () => {
    const { auth } = await signUp(t, 'model');
    const res = await update(auth, { name: 'Luna Star', username: 'luna_star_x', description: 'Evening shows.', phone_number: '+4412345' });
    expect(res.json()).toMatchObject({
      message: m.detailsUpdated,
      user: { name: 'Luna Star', username: 'luna_star_x', slug: 'luna_star_x', description: 'Evening shows.', phone_number: '+4412345' },
    });
  });

  it('changes only the name of a plain user', async () => {
    const { auth } = await signUp(t, 'user');
    const res = await update(auth, { name: 'Viewer', username: 'sneaky', description: 'x' });
    expect(res.json().user).toMatchObject({ name: 'Viewer', username: null, description: null });
  });

  it.each([
    [{ name: 'A', username: 'not ok' }, m.usernameInvalidProfile],
    [{ name: 'A', description: 'x'.repeat(201) }, m.descriptionTooLong],
    [{ name: 'A', phone_number: '123' }, m.phoneRequired],
    [{ name: '' }, m.nameRequired],
  ])('rejects %j with "%s"', async (payload, message) => {
    const { auth } = await signUp(t, 'model');
    const res = await update(auth, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('refuses a username someone else has', async () => {
    const other = await signUp(t, 'model');
    const { auth } = await signUp(t, 'model');
    const res = await update(auth, { name: 'A', username: other.account.username!.toUpperCase() });
    expect(res.json().errors).toEqual({ username: [m.usernameTaken] });
  });

  it('changes the sex: "Sex changed"', async () => {
    const { auth } = await signUp(t, 'model');
    const res = await update(auth, { gender: 't' });
    expect(res.json()).toMatchObject({ message: m.sexChanged, user: { gender: 't' } });
    expect((await update(auth, { gender: 'x' })).statusCode).toBe(422);
  });

  it('changes the password with the §5 rules and keeps this session signed in', async () => {
    const { auth, account } = await signUp(t, 'user');
    expect((await update(auth, { current_password: '', password: '', password_confirmation: '' })).json().message).toBe(m.passwordFieldsRequired);
    expect((await update(auth, { current_password: account.password, password: 'new-pass-1', password_confirmation: 'new-pass-2' })).json().message).toBe(
      m.passwordsMustMatch,
    );
    expect((await update(auth, { current_password: account.password, password: 'short', password_confirmation: 'short' })).json().message).toBe(m.newPasswordTooShort);
    const wrong = await update(auth, { current_password: 'not-it-at-all', password: 'new-pass-1', password_confirmation: 'new-pass-1' });
    expect(wrong.json().errors).toEqual({ current_password: [m.currentPasswordWrong] });

    const other = await post('/v1/login', { email: account.email, password: account.password });
    const otherAuth = { authorization: `Bearer ${other.json().access_token}` };
    const ok = await update(auth, { current_password: account.password, password: 'new-pass-1', password_confirmation: 'new-pass-1' });
    expect(ok.json().message).toBe(m.passwordChanged);
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: otherAuth })).statusCode).toBe(401);
  });

  it('lets only a channel change its color', async () => {
    const { auth } = await signUp(t, 'model');
    expect((await update(auth, { color: '#ff2e88' })).statusCode).toBe(403);
    const channel = await signUp(t, 'user');
    await t.pool.query(`update users set type = 'channel' where id = $1`, [channel.id]);
    const res = await update(channel.auth, { color: '#FF2E88' });
    expect(res.json()).toMatchObject({ message: m.colorChanged, user: { color: '#ff2e88' } });
    expect((await update(channel.auth, { color: 'red' })).json().message).toBe(m.invalidColor);
  });
});
