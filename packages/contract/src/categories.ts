/** viewer.md §1: preferred categories, sent comma-joined as `gender`. */
export const categories = ['f', 'c', 'm', 't'] as const;
export type Category = (typeof categories)[number];
/** Shown to people: each text is a message of the catalogues. @i18n */
export const categoryLabels: Record<Category, string> = {
  f: 'Girls',
  c: 'Couples',
  m: 'Guys',
  t: 'Trans',
};
export const defaultCategories: readonly Category[] = ['f', 'c'];
