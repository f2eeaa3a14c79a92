import { z } from 'zod';

/** One sized copy of an image, for `srcset`: its address and its real pixel size. */
export const imageSourceSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });
export type ImageSource = z.infer<typeof imageSourceSchema>;

// Apart from the schemas (no zod): the app's first module uses it before anything else has loaded.
export { srcSetOf } from './srcset.ts';
