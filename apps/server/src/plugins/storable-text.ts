import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isStorableText, unstorableFields, unstorableTextError } from '../lib/validation.ts';

/**
 * Text PostgreSQL cannot store (a NUL) or that is no text (a lone surrogate) is refused with a
 * 422 naming the field, on every route, before any schema or service sees it: path and query parameters,
 * JSON bodies, and the text fields of a multipart form as a route reads them.
 */
export const storableText = fp(async function storableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const fields = [...unstorableFields(request.params), ...unstorableFields(request.query), ...unstorableFields(request.body)];
    if (fields.length > 0) throw unstorableTextError(fields);
    if (request.isMultipart()) {
      const parts = request.parts.bind(request);
      request.parts = (options) => checkedFields(parts(options));
    }
  });
});

async function* checkedFields(parts: AsyncIterableIterator<Multipart>): AsyncIterableIterator<Multipart> {
  for await (const part of parts) {
    if (!isStorableText(part.fieldname)) throw unstorableTextError(['_']);
    if (part.type === 'field' && typeof part.value === 'string' && !isStorableText(part.value)) throw unstorableTextError([part.fieldname]);
    yield part;
  }
}
