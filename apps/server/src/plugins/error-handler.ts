import { textMessages } from '@flick/contract';
import { msg } from '@flick/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseUnavailable } from '../db/client.ts';
import { HttpError } from '../lib/http-error.ts';
import type { SecurityHeaders } from './security.ts';

export const INTERNAL_ERROR_MESSAGE = msg('Something went wrong on our side. Please try again later.');

/** PostgreSQL cannot be reached (stopped, restarting, unreachable): nothing the client did, and soon over. */
export const UNAVAILABLE_MESSAGE = msg('The service is briefly unavailable. Please try again in a moment.');
/** Seconds a client is asked to wait before trying again after a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The disk that keeps uploads and media is full: the upload was refused and nothing of it kept. */
export const NO_SPACE_MESSAGE = msg('There is no room to store this on our side right now. Please try again later.');

export const MALFORMED_UPLOAD_MESSAGE = msg('The upload could not be read. Please try again.');
/** What busboy (under @fastify/multipart) throws for a multipart body that is not one. */
const MALFORMED_MULTIPART = /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header|Malformed urlencoded form)/;

/** Whether the error, or one it wraps, has one of these codes (errno names, PostgreSQL's SQLSTATE). */
function hasCode(error: unknown, codes: readonly string[]): boolean {
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth += 1) {
    const { code, cause } = error as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && codes.includes(code)) return true;
    error = cause;
  }
  return false;
}

/** No space left on the disk (ENOSPC), or a PostgreSQL that has none (53100 disk_full). */
const isDiskFull = (error: unknown) => hasCode(error, ['ENOSPC', '53100']);
/**
 * Text PostgreSQL refused to take (22021 character_not_in_repertoire: a NUL; 22P05 untranslatable_character:
 * a \u0000 escape in JSON): the client's text, which the edge (plugins/storable-text.ts) should have refused.
 */
const isUnstorableText = (error: unknown) => hasCode(error, ['22021', '22P05']);
/** 22P02 invalid_text_representation: a value of the client's that is not the type it stands for ('x'::int). */
const isInvalidTextRepresentation = (error: unknown) => hasCode(error, ['22P02']);

const messagesByStatus: Record<number, string> = {
  400: msg('The request could not be understood.'),
  401: msg('Please sign in to continue.'),
  403: msg('You are not allowed to do that.'),
  404: msg('Not found.'),
  405: msg('Method not allowed.'),
  408: msg('The request took too long to arrive.'),
  413: msg('The request is too large.'),
  414: msg('The address is too long.'),
  415: msg('Unsupported content type.'),
  429: msg('Too many requests. Please try again later.'),
  431: msg('The request headers are too large.'),
};

/**
 * Fastify's answers before any route or hook runs, which by default carry no security headers and echo
 * the address (SECURITY.md): a malformed percent-encoding or an over-long path parameter (`frameworkErrors`),
 * and what Node's parser refuses (`clientErrorHandler`: headers or address over its limit, not HTTP at
 * all, too slow). Ours carry the security headers and a plain message, nothing of the request.
 */
export function frameworkErrorAnswers(headers: SecurityHeaders): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error, request, generic) {
      const reply = generic as FastifyReply;
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
      if (status === 500) request.log.error({ err: error }, 'request failed in the router');
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      void reply
        .code(status)
        .header('x-request-id', request.id)
        .send(status === 500 ? { message: INTERNAL_ERROR_MESSAGE, requestId: request.id } : { message: messagesByStatus[status] });
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket) {
      // Reset by the client: nobody to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify({ message: messagesByStatus[status] });
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...headers.map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
      socket.destroy(error);
    },
  };
}

/**
 * One place turns every failure into `{ message, errors? }` (DESIGN.md "API conventions").
 * Validation is 422 with the messages per field; a 5xx never tells what went wrong inside, only the
 * request's id, which its log lines carry too.
 */
export const errorHandler = fp(async function errorHandler(app: FastifyInstance) {
  // Every answer names its request, as every log line of it does (reqId): a report can be found.
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (errors[field] ??= []).push(issue.message ?? msg('Invalid value.'));
      }
      const first = Object.values(errors)[0]?.[0] ?? msg('The given data was invalid.');
      return reply.code(422).send({ message: first, errors });
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ message: INTERNAL_ERROR_MESSAGE, requestId: request.id });
    }

    // A broken multipart body (cut short, no boundary) is the client's, whichever route reads it.
    if (!error.statusCode && MALFORMED_MULTIPART.test(error.message)) {
      return reply.code(400).send({ message: MALFORMED_UPLOAD_MESSAGE });
    }

    // Not a bug of ours: said plainly and fast, so clients retry and monitors see an outage, not errors.
    if (!error.statusCode && databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unavailable');
      return reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send({ message: UNAVAILABLE_MESSAGE, requestId: request.id });
    }
    if (!error.statusCode && isDiskFull(error)) {
      request.log.error({ err: error }, 'request failed: no space left on the disk');
      return reply.code(507).send({ message: NO_SPACE_MESSAGE, requestId: request.id });
    }
    // The client's text, not our failure (SECURITY.md); logged, as it means a gap in the edge's checks.
    if (!error.statusCode && isUnstorableText(error)) {
      request.log.warn({ err: error }, 'request refused: the database cannot store its text');
      return reply.code(400).send({ message: textMessages.invalidText });
    }
    if (!error.statusCode && isInvalidTextRepresentation(error)) {
      request.log.warn({ err: error }, 'request refused: a value the database cannot read');
      return reply.code(400).send({ message: messagesByStatus[400] });
    }

    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: INTERNAL_ERROR_MESSAGE, requestId: request.id });
    }
    if (error instanceof HttpError) {
      return reply.code(status).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    // Fastify's own 4xx errors carry codes like FST_ERR_CTP_INVALID_JSON_BODY; say it plainly.
    const message = error.code?.startsWith('FST_') ? (messagesByStatus[status] ?? error.message) : error.message;
    return reply.code(status).send({ message: message || messagesByStatus[status] || msg('Request failed.') });
  });
});
