import { errorResponseSchema } from '@flick/contract';
import { z } from 'zod';

/** The error answers a route may give, each in the contract's one error shape (DESIGN.md "API conventions"). */
export function errorResponses<Code extends number>(...codes: Code[]): Record<Code, typeof errorResponseSchema> {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as Record<Code, typeof errorResponseSchema>;
}

/** The answers every admin route may give besides its own: signed out, not an admin, not found, conflict, invalid. */
export const adminErrors = errorResponses(401, 403, 404, 409, 422);

/** `/{id}` of a row: a positive whole number the database can hold, whatever text the address carries. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
