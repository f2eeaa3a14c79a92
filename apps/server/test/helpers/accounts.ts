import type { RegisterRequest } from '@flick/contract';
import type { TestApp } from './test-app.ts';

let counter = 0;
/** A unique, valid registration of the given type. */
export function newAccount(type: 'user' | 'model' = 'model', overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    type,
    name: `Test ${type} ${id}`,
    email: `${type}-${id}@example.com`,
    password: 'correct-horse-1',
    password_confirmation: 'correct-horse-1',
    ...(type === 'model' ? { username: `model_${id}`, phone_number: '+15551234567', terms: true, gender: 'f' as const } : { preference: ['f', 'c'] as ('f' | 'c')[] }),
    ...overrides,
  };
}

/** Registers and signs in; returns the bearer token and the account. */
export async function signUp(t: TestApp, type: 'user' | 'model' = 'model', overrides: Partial<RegisterRequest> = {}) {
  const account = newAccount(type, overrides);
  const registered = await t.app.inject({ method: 'POST', url: '/v1/register', payload: account, headers: client() });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { email: account.email, password: account.password, remember_me: true },
    headers: client(),
  });
  const { access_token, user } = login.json() as { access_token: string; user: { id: number } };
  return { account, token: access_token, id: user.id, auth: { authorization: `Bearer ${access_token}` } };
}

let clients = 0;
/**
 * A fresh client address per call (the test app trusts X-Forwarded-For), so rate limits stay out of the
 * way; each in a /64 of its own, since a /64 is one network to the tracking bounds (SECURITY.md).
 */
export function client() {
  clients += 1;
  return { 'x-forwarded-for': `2001:db8:${(clients >>> 16).toString(16)}:${(clients & 0xffff).toString(16)}::c` };
}

/** Signs an existing account in (channels and admins are made by the admin tools, not /register); the bearer header. */
export async function signInAs(t: TestApp, email: string, password = 'correct-horse-1') {
  const res = await t.app.inject({ method: 'POST', url: '/v1/login', payload: { email, password, remember_me: false }, headers: client() });
  return { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` };
}
