import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Lru, SharedAnswers } from './shared-answers.ts';

describe('Lru', () => {
  it('drops the key read or written longest ago once it holds more than its size', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
  });
});

describe('SharedAnswers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('builds an answer once for every asker of the same key within its lifetime', async () => {
    const answers = new SharedAnswers<number>(1000, 10);
    const build = vi.fn(async () => 42);
    const asked = [answers.get('c', build), answers.get('c', build)];
    vi.advanceTimersByTime(999);
    asked.push(answers.get('c', build));
    expect(await Promise.all(asked)).toEqual([42, 42, 42]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds it again once its lifetime is over, and apart for another key', async () => {
    const answers = new SharedAnswers<string>(1000, 10);
    let builds = 0;
    const build = async () => `build ${++builds}`;
    expect(await answers.get('c', build)).toBe('build 1');
    expect(await answers.get('k', build)).toBe('build 2');
    vi.advanceTimersByTime(1000);
    expect(await answers.get('c', build)).toBe('build 3');
  });

  it('forgets a failed build at once, so the next asker tries again', async () => {
    const answers = new SharedAnswers<number>(1000, 10);
    await expect(answers.get('c', async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await answers.get('c', async () => 7)).toBe(7);
  });

  it('keeps at most its size of keys', async () => {
    const answers = new SharedAnswers<number>(60_000, 2);
    const build = vi.fn(async () => 1);
    for (const key of ['a', 'b', 'c', 'a']) await answers.get(key, build);
    expect(build).toHaveBeenCalledTimes(4);
  });
});
