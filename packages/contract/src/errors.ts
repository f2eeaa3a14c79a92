import { z } from 'zod';

/** Every non-2xx answer of the API has this shape (DESIGN.md "API conventions"). */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** On a 5xx: the request's id, as in the server's logs (and the x-request-id header of every answer). */
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const textMessages = {
  /** A NUL (which PostgreSQL cannot store) or a lone UTF-16 surrogate (which is no character at all). */
  invalidText: 'Text cannot contain null characters or invalid Unicode.',
};

/** Paged lists: `links.next` is an opaque URL, null on the last page. */
export const listResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    links: z.object({ next: z.string().nullable() }),
  });
