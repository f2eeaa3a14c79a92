import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error.ts';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

export const MALFORMED_UPLOAD_MESSAGE = 'The upload could not be read. Please try again.';
/** What busboy (under @fastify/multipart) throws for a multipart body that is not one. */
const MALFORMED_MULTIPART = /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header|Malformed urlencoded form)/;

const messagesByStatus: Record<number, string> = {
  400: 'The request could not be understood.',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  413: 'The request is too large.',
  415: 'Unsupported content type.',
  429: 'Too many requests. Please try again later.',
};

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
        (errors[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
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
    return reply.code(status).send({ message: message || messagesByStatus[status] || 'Request failed.' });
  });
});
