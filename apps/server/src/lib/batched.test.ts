import { describe, expect, it, vi } from 'vitest';
import { Batched } from './batched.ts';

describe('Batched', () => {
  it('answers the lookups of one turn with one run, each with its own answer', async () => {
    const run = vi.fn(async (queries: number[]) => queries.map((q) => q * 2));
    const batched = new Batched(run);
    expect(await Promise.all([batched.ask(1), batched.ask(2), batched.ask(3)])).toEqual([2, 4, 6]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(await batched.ask(4)).toBe(8);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('starts another run past its size', async () => {
    const run = vi.fn(async (queries: number[]) => queries);
    const batched = new Batched(run, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((q) => batched.ask(q)))).toEqual([1, 2, 3, 4, 5]);
    expect(run.mock.calls.map((c) => c[0])).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('fails every lookup of a failed run, and runs the next turn afresh', async () => {
    let fail = true;
    const batched = new Batched(async (queries: number[]) => {
      if (fail) throw new Error('down');
      return queries;
    });
    const failed = await Promise.allSettled([batched.ask(1), batched.ask(2)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batched.ask(3)).toBe(3);
  });

  it('fails the batch when the run throws before it starts', async () => {
    const batched = new Batched<number, number>(() => {
      throw new Error('bad');
    });
    await expect(batched.ask(1)).rejects.toThrow('bad');
  });
});
