import { describe, expect, it } from 'vitest';
import { uniqueById } from './unique-by-id.ts';

describe('uniqueById (viewer.md §4: pages appended without duplicates by id)', () => {
  it('keeps the first of each id, in order', () => {
    const pages = [
      [
        { id: 3, n: 'a' },
        { id: 2, n: 'b' },
      ],
      [
        { id: 2, n: 'b again' },
        { id: 1, n: 'c' },
      ],
    ];
    expect(uniqueById(pages.flat())).toEqual([
      { id: 3, n: 'a' },
      { id: 2, n: 'b' },
      { id: 1, n: 'c' },
    ]);
  });

  it('leaves a list without duplicates as it is', () => {
    const list = [{ id: 'x' }, { id: 'y' }];
    expect(uniqueById(list)).toEqual(list);
  });
});
