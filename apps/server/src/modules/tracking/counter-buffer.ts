import type pg from 'pg';
import type { Logger } from 'pino';
import { databaseUnavailable } from '../../db/client.ts';

export const FLUSH_INTERVAL_MS = 1000;

/** What a kind's counts are kept under: a video, an event, a link and place, a profile, an ad decision. */
export type CounterKey = number | string;

/**
 * A kind of count, registered by the module that owns the tables it writes (`counters.register`): how
 * two values under one key fold into one, and how a batch is written.
 */
export interface CounterKind<V> {
  /** Folds `more` into what is pending under the same key (a new count, or a failed batch kept). */
  merge(into: V | undefined, more: V): V;
  /** Writes one batch on the flush's connection, in one statement (ADR 0007). */
  flush(client: pg.ClientBase, batch: ReadonlyMap<CounterKey, V>): Promise<void>;
}

/** Pending counts of one kind, by key. */
type Pending<V> = Map<CounterKey, V>;

/** A registered kind and what waits for its next flush. */
interface Kind<V> extends CounterKind<V> {
  name: string;
  pending: Pending<V>;
}

/**
 * While PostgreSQL is away, the counts a failed flush took are kept for the next flush, up to this many
 * keys of a kind; a batch that would go beyond it is dropped, so a long outage cannot grow memory without end.
 */
export const MAX_PENDING_KEYS = 100_000;

/**
 * Views, likes, ratings, watch time and clicks are added up in memory and written every second in one
 * statement per kind (ADR 0007): a burst of a thousand views of one video is one row update, not a
 * thousand fighting over the same row. Counts reach the database within about a second; a crash (kill -9)
 * loses what came in since the last flush that reached it (that second, or longer while a flush waits on
 * the database), and nothing is counted twice (faults.test.ts).
 *
 * A flush that PostgreSQL never ran (stopped, restarting, unreachable, out of connections, or no
 * connection to be had) keeps its counts for the next one, so a restart of the database loses nothing.
 * One whose connection broke while its statement ran may have been committed: its counts are dropped
 * rather than risk counting them twice. `stop` writes what is left.
 *
 * The buffer knows no table: each module registers the kinds it owns (tracking-counters.ts, the ads'
 * ad-counters.ts) and writes them in its own repository.
 */
export function counterBuffer(pool: pg.Pool, logger: Logger, intervalMs = FLUSH_INTERVAL_MS) {
  /** In the order they were registered, which is the order of their statements in a flush. */
  const kinds = new Map<string, Kind<unknown>>();

  function kindNamed(name: string): Kind<unknown> {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`no counter kind "${name}" is registered`);
    return kind;
  }

  let flushing: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let lastFlushAt = Date.now();

  /** Folds a batch the database never ran back into what came since, for the next flush; or drops it. */
  function keepOrDrop<V>(kind: Kind<V>, batch: Pending<V>, error: unknown, notRun: boolean) {
    if (notRun && kind.pending.size + batch.size <= MAX_PENDING_KEYS) {
      for (const [key, back] of batch) kind.pending.set(key, kind.merge(kind.pending.get(key), back));
      logger.warn({ err: error, kind: kind.name, keys: batch.size }, 'could not write the counters; kept for the next flush');
    } else {
      logger.error({ err: error, kind: kind.name, keys: batch.size }, 'could not write the counters; these are lost');
    }
  }

  /** Writes one kind's batch on `client`; answers the error if it failed (the batch then kept or dropped). */
  async function writeBatch<V>(client: pg.ClientBase, kind: Kind<V>, batch: Pending<V>): Promise<unknown> {
    if (batch.size === 0) return undefined;
    try {
      await kind.flush(client, batch);
      return undefined;
    } catch (error) {
      keepOrDrop(kind, batch, error, databaseUnavailable(error) === 'not-run');
      return error ?? new Error('the counters statement failed');
    }
  }

  async function writeAll(batches: [Kind<unknown>, Pending<unknown>][]) {
    if (batches.every(([, batch]) => batch.size === 0)) {
      lastFlushAt = Date.now();
      return;
    }
    // The connection first, on its own: pg reports a connection that broke while it was being opened
    // with the very words of one that broke under a statement, and only here is it certain that
    // nothing was sent.
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      for (const [kind, batch] of batches) if (batch.size > 0) keepOrDrop(kind, batch, error, true);
      return;
    }
    let written = true;
    let broken: Error | undefined;
    try {
      // Each kind on its own: a failure of one (even a lasting one) holds up no other. After a broken
      // connection the next kinds are refused unsent ("not queryable"), so they wait for the next flush.
      for (const [kind, batch] of batches) {
        const error = await writeBatch(client, kind, batch);
        if (error === undefined) continue;
        written = false;
        if (databaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      }
    } finally {
      // A client whose connection failed is destroyed rather than handed out again.
      client.release(broken);
    }
    if (written) lastFlushAt = Date.now();
  }

  function flush(): Promise<void> {
    const batches = [...kinds.values()].map((kind): [Kind<unknown>, Pending<unknown>] => {
      const batch = kind.pending;
      kind.pending = new Map();
      return [kind, batch];
    });
    inFlight += 1;
    // One flush at a time, so two never add the same deltas in different orders (no deadlocks).
    flushing = flushing
      .then(() => writeAll(batches))
      .catch((error: unknown) => logger.error({ err: error }, 'could not write the counters'))
      .finally(() => {
        inFlight -= 1;
      });
    return flushing;
  }

  // A tick while a flush still waits for the database leaves the counts to the next one, rather than
  // queueing flushes behind it.
  const timer = setInterval(() => {
    if (inFlight === 0) void flush();
  }, intervalMs);
  timer.unref();

  return {
    /** Adds a kind its owner writes; a name is registered once. */
    register<V>(name: string, kind: CounterKind<V>): void {
      if (kinds.has(name)) throw new Error(`the counter kind "${name}" is registered already`);
      kinds.set(name, { name, merge: kind.merge, flush: kind.flush, pending: new Map() } as Kind<unknown>);
    },
    /** Counts `value` under `key` for the next flush; a kind nobody registered is refused. */
    add<V>(name: string, key: CounterKey, value: V): void {
      const kind = kindNamed(name);
      kind.pending.set(key, kind.merge(kind.pending.get(key), value));
    },
    /** What waits under `key` for the next flush (an answer may show a count the viewer expects). */
    pending<V>(name: string, key: CounterKey): V | undefined {
      return kindNamed(name).pending.get(key) as V | undefined;
    },
    flush,
    /** When the counts were last written (for the metrics' lag). */
    lastFlushAt: () => lastFlushAt,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type CounterBuffer = ReturnType<typeof counterBuffer>;
