import { api } from '../../../lib/api-client.ts';

/** DESIGN.md "Auth": POST /logout revokes the token on the server. */
export function logout(signal?: AbortSignal): Promise<unknown> {
  return api.post('/logout', undefined, { signal });
}
