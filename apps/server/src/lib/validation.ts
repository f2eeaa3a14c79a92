import { textMessages } from '@flick/contract';
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

/** A UTF-16 surrogate without its other half: no character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** No NUL (PostgreSQL's text cannot hold one) and no lone surrogate. */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/**
 * The fields of parsed input (params, query, a JSON body) holding text that is not storable, named as
 * validation names them (`links.1.title`; `_` for the input itself or a bad key). Walked without
 * recursion: a 1 MB body can nest deeper than the stack goes.
 */
export function unstorableFields(input: unknown): string[] {
  const found = new Set<string>();
  const pending: [value: unknown, path: string][] = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.add(path || '_');
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, path ? `${path}.${index}` : String(index)]));
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) found.add(path || '_');
        else pending.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return [...found];
}

/** A JSON object or parsed parameters (whose prototype is a bare object), not a Buffer, stream or class instance. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/** 422 naming each field whose text is not storable. */
export const unstorableTextError = (fields: readonly string[]): HttpError => validationError(fields.map((field) => ({ field, message: textMessages.invalidText })));
