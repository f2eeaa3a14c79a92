import { serializeRequest } from './log-requests.ts';

/**
 * How an error is written to the log (ADR 0025): its type, message, code, stack and the few fields that
 * say what failed — never its other properties, which for a database error can hold a whole client.
 */
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const error = value as Error & { code?: unknown; detail?: unknown; statusCode?: unknown; kind?: unknown; cause?: unknown };
  const fields: Record<string, unknown> = { type: error.name, message: error.message, stack: error.stack };
  for (const key of ['code', 'detail', 'statusCode', 'kind'] as const) {
    const field = error[key];
    if (typeof field === 'string' || typeof field === 'number') fields[key] = field;
  }
  if (error.cause instanceof Error) fields.cause = { type: error.cause.name, message: error.cause.message };
  return fields;
}

/** pino options every process of ours uses: errors as `serializeError` writes them, requests as `serializeRequest` (no full IP address). */
export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };
