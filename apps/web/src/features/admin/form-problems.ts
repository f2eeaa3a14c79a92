import type { z } from 'zod';
import { ApiError } from '../../lib/api-client.ts';
import { msg } from '@flick/i18n';

export interface Problems {
  /** The first message for each field. */
  fields: Record<string, string>;
  /** A message that belongs to no field shown (the server's, a network failure). */
  form: string | null;
}

export const noProblems: Problems = { fields: {}, form: null };

/** What the contract's schema says about a form's values, before anything is sent; null when they pass. */
export function checkValues<T>(schema: z.ZodType<T>, values: unknown): { data: T; problems: null } | { data: null; problems: Problems } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, problems: null };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? '')] ??= issue.message;
  return { data: null, problems: { fields, form: null } };
}

/** A refused request: the server's field errors under their fields (among `known`), anything else above the button. */
export function serverProblems(error: unknown, known: readonly string[]): Problems {
  if (!(error instanceof ApiError) || error.status === 0) return { fields: {}, form: error instanceof Error ? error.message : msg('Something went wrong, try again.') };
  const fields: Record<string, string> = {};
  for (const field of known) {
    const message = error.fieldError(field);
    if (message) fields[field] = message;
  }
  return { fields, form: Object.keys(fields).length > 0 ? null : error.firstError() };
}
