import type { FastifyRequest } from 'fastify';
import { addressNetwork } from './address-network.ts';

/**
 * Query parameters that never reach a log: a guest's id (the privacy policy: no guest IDs in logs) and
 * one-time secrets that sign in, download or answer an age check (e-mail links, export links, OpenID callbacks).
 */
const SECRET_PARAMS = /([?&](?:guest_id|token|ticket|code|state)=)[^&#]*/gi;

/** A request's URL as logged: its secret and identifying parameters replaced by `-`. */
export function loggedUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1-');
}

/**
 * How every process logs a request (Fastify's own serializer, less what the privacy policy keeps out of
 * logs): the client address cut to its network (/24, /48) and no port, the URL without guest ids or secrets.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteNetwork: request.ip ? addressNetwork(request.ip) : undefined,
  };
}
