/** viewer.md §2: the sidebar's ad slots come at random intervals, from every 6th to every 12th tile. */
export const SIDEBAR_AD_GAP = { min: 6, max: 12 } as const;

/**
 * The tile indexes after which an ad slot comes, for the first `count` tiles: each gap drawn anew
 * between SIDEBAR_AD_GAP.min and .max. `random` is Math.random, or a seeded one in tests.
 */
export function sidebarAdPositions(count: number, random: () => number = Math.random): Set<number> {
  const positions = new Set<number>();
  let index = -1;
  for (;;) {
    index += SIDEBAR_AD_GAP.min + Math.floor(random() * (SIDEBAR_AD_GAP.max - SIDEBAR_AD_GAP.min + 1));
    if (index >= count - 1) return positions;
    positions.add(index);
  }
}
