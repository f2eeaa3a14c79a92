/** viewer.md §1: preferred categories, sent comma-joined as `gender`. */
export const categories = ['f', 'c', 'm', 't'] as const;
export type Category = (typeof categories)[number];
export const categoryLabels: Record<Category, string> = {
  f: 'Girls',
  c: 'Couples',
  m: 'Guys',
  t: 'Trans',
};
export const defaultCategories: readonly Category[] = ['f', 'c'];
