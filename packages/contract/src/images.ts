import { z } from 'zod';

/** One sized copy of an image, for `srcset`: its address and its real pixel size. */
export const imageSourceSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type ImageSource = z.infer<typeof imageSourceSchema>;

/** `srcset` from the sources: `"<url> 150w, <url> 300w"`. */
export function srcSetOf(sources: readonly ImageSource[]): string {
  return sources.map((s) => `${s.url} ${s.width}w`).join(', ');
}
