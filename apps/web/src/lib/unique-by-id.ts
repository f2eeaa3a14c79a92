/**
 * Pages appended one after another, each id once (viewer.md §4: later pages are appended with duplicates
 * removed by id): a list that moved between two pages repeats an item at the seam, which a grid must
 * not show twice (React would also see two children with one key).
 */
export function uniqueById<T extends { id: number | string }>(items: readonly T[]): T[] {
  const seen = new Set<number | string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
