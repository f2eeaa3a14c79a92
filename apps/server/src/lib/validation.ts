import type { z } from 'zod';
import { HttpError } from './http-error.ts';

/** Parses with a contract schema and answers 422 with the per-field messages, like route validation does. */
export function parseOr422<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => ({ field: issue.path.join('.') || '_', message: issue.message })));
}

export function validationError(issues: { field: string; message: string }[]): HttpError {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of issues) (errors[field] ??= []).push(message);
  return new HttpError(422, issues[0]?.message ?? 'The given data was invalid.', errors);
}
