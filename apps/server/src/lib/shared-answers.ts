/** A small least-recently-used map: past `max` keys, the one read or written longest ago goes. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K) {
    this.map.delete(key);
  }
}

/**
 * Answers many askers share for a short while, such as a feed page or the search for "c": the first
 * asker of a key builds it, and everyone who asks within `ttlMs` gets the same promise, so a burst of
 * the same question costs one build. A failed build is forgotten at once, so the next asker tries
 * again. At most `max` keys are kept (least recently used first out).
 */
export class SharedAnswers<T> {
  private readonly answers: Lru<string, { at: number; answer: Promise<T> }>;

  constructor(
    private readonly ttlMs: number,
    max: number,
  ) {
    this.answers = new Lru(max);
  }

  get(key: string, build: () => Promise<T>): Promise<T> {
    const cached = this.answers.get(key);
    if (cached && Date.now() - cached.at < this.ttlMs) return cached.answer;
    const entry = { at: Date.now(), answer: build() };
    this.answers.set(key, entry);
    entry.answer.catch(() => {
      // Only this build's entry: a newer one for the key may stand there by now.
      if (this.answers.get(key) === entry) this.answers.delete(key);
    });
    return entry.answer;
  }
}
