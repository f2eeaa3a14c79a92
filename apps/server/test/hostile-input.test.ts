import { textMessages } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { multipart } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { verificationFields, verificationImages } from './helpers/verification.ts';

/**
 * SECURITY.md, "Input": text PostgreSQL cannot store (a NUL) or that is no text at all (a lone surrogate)
 * is refused at the edge with a 4xx, wherever it comes in: the path, the query, a JSON body, a form's
 * fields. None of it may reach the database and come back as a 500.
 */
let t: TestApp;
let creator: Awaited<ReturnType<typeof signUp>>;
let videoId: number;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  creator = await signUp(t, 'model');
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into videos (user_id, title, slug, status, processed_at, playable_at) values ($1, 'Clip', 'clip', 'approved', now(), now()) returning id`,
    [creator.id],
  );
  videoId = Number(rows[0]!.id);
});
afterAll(() => t?.close());

const NUL = '\u0000';
const LONE = ['\uD800', '\uDFFF'];

describe(`a NUL anywhere in a request is refused: "${textMessages.invalidText}"`, () => {
  it.each([
    ['a profile name', { name: `Anna${NUL}` }],
    ['a profile description', { name: 'Anna', description: `Hi${NUL}there` }],
  ])('in %s', async (_what, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/profile', headers: { ...client(), ...creator.auth }, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(textMessages.invalidText);
  });

  it.each([
    ['a title', { title: `Clip${NUL}` }],
    ['the tags', { title: 'Clip', tags: `solo,bl${NUL}onde` }],
  ])('in %s of a video', async (_what, details) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/videos/upload-details', headers: { ...client(), ...creator.auth }, payload: { videoId, ...details } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(textMessages.invalidText);
  });

  it('in the e-mail of a sign-in, without an account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/login', headers: client(), payload: { email: `a${NUL}b@example.com`, password: 'correct-horse-1' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: textMessages.invalidText, errors: { email: [textMessages.invalidText] } });
  });

  it('in a path parameter: /v1/users/a%00b', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/users/a%00b', headers: client() });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(textMessages.invalidText);
  });

  it('in a query parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tags?search=a%00b', headers: client() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ search: [textMessages.invalidText] });
  });

  it('in a multipart form field', async () => {
    const form = multipart({ ...verificationFields, legal_name: `Anna${NUL}Example`, ...verificationImages() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/verification',
      headers: { ...client(), ...creator.auth, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ legal_name: [textMessages.invalidText] });
  });
});

describe(`a lone surrogate in a request is refused: "${textMessages.invalidText}"`, () => {
  it.each(LONE.map((c) => [JSON.stringify(c).slice(1, -1), c]))('%s in a JSON body', async (_name, c) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: { ...client(), ...creator.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: `Anna${c}` }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: [textMessages.invalidText] });
  });

  it('in a nested field, named by its path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: { ...client(), ...creator.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({
        links: [
          { title: 'ok', url: 'https://example.com' },
          { title: `x${LONE[0]}`, url: 'https://example.com/2' },
        ],
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'links.1.title': [textMessages.invalidText] });
  });
});

describe('a cursor that decodes to NULs', () => {
  it('is no cursor of ours: /v1/tags?cursor=AAAA starts at the top', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tags?cursor=AAAA', headers: client() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await t.app.inject({ method: 'GET', url: '/v1/tags', headers: client() })).json());
  });
});

describe('text PostgreSQL refuses, should any reach it', () => {
  it('answers 400, not 500, for a NUL that got past the edge', async () => {
    const { errorHandler } = await import('../src/plugins/error-handler.ts');
    const Fastify = (await import('fastify')).default;
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    for (const code of ['22021', '22P05', '22P02']) {
      app.get(`/${code}`, async () => {
        throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code, severity: 'ERROR' });
      });
    }
    try {
      for (const code of ['22021', '22P05']) {
        const res = await app.inject({ url: `/${code}` });
        expect(res.statusCode, code).toBe(400);
        expect(res.json(), code).toEqual({ message: textMessages.invalidText });
      }
      const res = await app.inject({ url: '/22P02' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).not.toMatch(/UTF8|0x00/);
    } finally {
      await app.close();
    }
  });

  it('is what PostgreSQL says of a NUL in text: 22021', async () => {
    await expect(t.pool.query('select $1::text', [`a${NUL}`])).rejects.toMatchObject({ code: '22021' });
  });
});
