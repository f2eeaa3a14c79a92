import { z } from 'zod';

/** viewer.md §2: the static pages the footer and support links point to. */
export const pageSlugs = ['faq', 'policy', 'dmca', '2257', 'support', 'terms'] as const;
export const pageSlugSchema = z.enum(pageSlugs);
export type PageSlug = z.infer<typeof pageSlugSchema>;

export const pageParamsSchema = z.object({ slug: z.string().max(64) });

export const pageResponseSchema = z.object({
  slug: pageSlugSchema,
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  updatedAt: z.string(),
});
export type PageResponse = z.infer<typeof pageResponseSchema>;

/** Shown to people: each text is a message of the catalogues. @i18n */
export const PAGE_NOT_FOUND = 'Page not found';
