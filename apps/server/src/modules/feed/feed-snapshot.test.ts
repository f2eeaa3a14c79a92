import { describe, expect, it } from 'vitest';
import { topBy } from './feed-snapshot.ts';

describe('topBy', () => {
  const items = [
    { id: 1, likes: 5, views: 100 },
    { id: 2, likes: 9, views: 10 },
    { id: 3, likes: 5, views: 300 },
    { id: 4, likes: 0, views: 0 },
    { id: 5, likes: 5, views: 300 },
  ];

  it('orders by the first count, then the second, then the newest id', () => {
    expect(topBy(items, (c) => [c.likes, c.views], 10).map((c) => c.id)).toEqual([2, 5, 3, 1, 4]);
  });

  it('keeps only the best k, even among ties at the cut-off', () => {
    expect(topBy(items, (c) => [c.likes, c.views], 2).map((c) => c.id)).toEqual([2, 5]);
    expect(topBy([], () => [0, 0], 3)).toEqual([]);
  });
});
