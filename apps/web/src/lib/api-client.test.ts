import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../testing/render-app.tsx';
import { STUDIO_ACT_FOR_HEADER } from '@flick/contract';
import { setAccessTokenSource, setActingSource } from './access-token.ts';
import { api, ApiError, NETWORK_ERROR_MESSAGE, nextPagePath } from './api-client.ts';

describe('api client', () => {
  it('sends the viewer to the age gate on a 451, with where they were, and not again from the gate itself', async () => {
    const assign = vi.fn();
    const original = window.location;
    const at = (pathname: string, search = '') => Object.defineProperty(window, 'location', { configurable: true, value: { pathname, search, assign } });
    mockApi({ 'GET /v1/videos': () => json({ message: 'Age check', reason: 'age-assurance-required', gate: '/age-check' }, 451) });
    try {
      at('/discover', '?q=1');
      await expect(api.get('/videos')).rejects.toMatchObject({ status: 451 });
      expect(assign).toHaveBeenCalledWith('/age-check?returnTo=%2Fdiscover%3Fq%3D1');
      assign.mockClear();
      at('/age-check');
      await expect(api.get('/videos')).rejects.toMatchObject({ status: 451 });
      expect(assign).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('calls /v1 with JSON and returns the parsed body', async () => {
    const { calls } = mockApi({ 'POST /v1/things': () => json({ id: 1 }, 201) });
    await expect(api.post('/things', { name: 'a' })).resolves.toEqual({ id: 1 });
    expect(calls[0]?.url).toBe('/v1/things');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ name: 'a' });
  });

  it('sends the bearer token when logged in, and not when a call opts out', async () => {
    setAccessTokenSource(() => 'secret');
    const { calls } = mockApi({ 'GET /v1/me': () => json({}) });
    await api.get('/me');
    await api.get('/me', { auth: false });
    expect(calls[0]?.headers.Authorization).toBe('Bearer secret');
    expect(calls[1]?.headers.Authorization).toBeUndefined();
    setAccessTokenSource(() => null);
  });

  it('uses a token given to the call instead of the session', async () => {
    setAccessTokenSource(() => 'session-token');
    const { calls } = mockApi({ 'GET /v1/me': () => json({}) });
    await api.get('/me', { token: 'link-token' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer link-token');
    setAccessTokenSource(() => null);
  });

  it('names the member a studio manager acts for on the calls a studio may make, and only there', async () => {
    setAccessTokenSource(() => 'manager-token');
    setActingSource(() => 42);
    const { calls } = mockApi({ 'GET /v1/profile': () => json({}), 'GET /v1/videos/7/delete': () => json({}), 'GET /v1/profile/liked-videos': () => json({}) });
    await api.get('/profile');
    await api.get('/videos/7/delete');
    await api.get('/profile/liked-videos');
    expect(calls.map((call) => call.headers[STUDIO_ACT_FOR_HEADER])).toEqual(['42', '42', undefined]);
    expect(calls.every((call) => call.headers.Authorization === 'Bearer manager-token')).toBe(true);
    setActingSource(() => null);
    setAccessTokenSource(() => null);
  });

  it('sends FormData as multipart and lets the browser write the Content-Type', async () => {
    const { calls } = mockApi({ 'POST /v1/files': () => json({ ok: true }, 201) });
    const form = new FormData();
    form.append('name', 'a');
    await api.post('/files', form);
    expect(calls[0]?.body).toBe(form);
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('turns the error shape into an ApiError with status, message and field errors', async () => {
    mockApi({
      'POST /v1/things': () => json({ message: 'The given data was invalid.', errors: { email: ['Invalid email.'] } }, 422),
    });
    const error = await api.post('/things', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid.' });
    expect((error as ApiError).fieldError('email')).toBe('Invalid email.');
    expect((error as ApiError).firstError()).toBe('Invalid email.');
    expect(new ApiError(429, 'Too many requests').firstError()).toBe('Too many requests');
  });

  it('gives a clear message when the server answers without the error shape', async () => {
    mockApi({ 'GET /v1/boom': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(api.get('/boom')).rejects.toMatchObject({ status: 502, message: 'Something went wrong, try again later.' });
  });

  it('reports a request that got no answer as status 0', async () => {
    mockApi({
      'GET /v1/offline': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/offline')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('fetches links.next as is, whether absolute or rooted at /v1', () => {
    expect(nextPagePath('/v1/videos?gender=f&cursor=abc')).toBe('/videos?gender=f&cursor=abc');
    expect(nextPagePath('https://api.example/v1/tags/4/videos?cursor=x%2By')).toBe('/tags/4/videos?cursor=x%2By');
  });
});
