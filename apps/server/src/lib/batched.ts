/**
 * Lookups that arrive in the same turn of the event loop go to the database together, as one statement
 * (ADR 0026: every home-feed request of a guest or signed-in viewer asks for its isLiked/isRated, and its
 * bearer token). Nothing is kept between turns, so an answer is never older than its request: a like
 * committed before a request came in is in that request's answer, as with a statement of its own.
 * A failed statement fails every lookup of its batch.
 */
export class Batched<Q, A> {
  private pending: { query: Q; resolve: (answer: A) => void; reject: (error: unknown) => void }[] = [];

  /**
   * @param run answers the queries in their order, one statement for all of them
   * @param max at most this many queries in one statement; more in the same turn start another
   */
  constructor(
    private readonly run: (queries: Q[]) => Promise<A[]>,
    private readonly max = 64,
  ) {}

  ask(query: Q): Promise<A> {
    return new Promise<A>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ query, resolve, reject });
      if (this.pending.length >= this.max) this.flush();
    });
  }

  private flush() {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    let started: Promise<A[]>;
    try {
      started = this.run(batch.map((b) => b.query));
    } catch (error) {
      started = Promise.reject(error);
    }
    started.then(
      (answers) => batch.forEach((b, i) => b.resolve(answers[i]!)),
      (error: unknown) => batch.forEach((b) => b.reject(error)),
    );
  }
}
