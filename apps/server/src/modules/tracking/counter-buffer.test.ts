import type pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { counterBuffer } from './counter-buffer.ts';
import { trackingCounters } from './tracking-counters.ts';

/** What `connect` throws when nothing listens on PostgreSQL's port. */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
/** A connection that broke while the statement ran: it may have been committed. */
const lost = () => new Error('Connection terminated unexpectedly');
/** A statement the server refused for what it is (numeric overflow): it would fail again. */
const refusedStatement = () => Object.assign(new Error('value out of range'), { code: '22003' });

/**
 * A pool whose clients record what the counters write. `connect` fails with each of `connectFailures`
 * first, a statement with each of `failures`; a client given back with an error is counted as destroyed.
 */
function fakePool(failures: (() => Error)[] = [], connectFailures: (() => Error)[] = []) {
  const written: { views: number[]; events: number[] }[] = [];
  const released: ('kept' | 'destroyed')[] = [];
  const client = {
    async query(statement: string | { values: unknown[] }, values?: unknown[]) {
      const failure = failures.shift();
      if (failure) throw failure();
      const args = typeof statement === 'string' ? values! : statement.values;
      // The video statement has seven arrays (ids, views, ...); the events one has two (ids, counts).
      written.push(args.length === 7 ? { views: args[1] as number[], events: [] } : { views: [], events: args[1] as number[] });
      return { rows: [], rowCount: 0 };
    },
    release(error?: Error) {
      released.push(error ? 'destroyed' : 'kept');
    },
  };
  const pool = {
    async connect() {
      const failure = connectFailures.shift();
      if (failure) throw failure();
      return client;
    },
  } as unknown as pg.Pool;
  return { pool, written, released };
}

const silent = pino({ level: 'silent' });
// The timer is not used here: each test flushes by hand. The tracking module's kinds are registered, as
// the app does.
const buffer = (pool: pg.Pool) => {
  const counters = counterBuffer(pool, silent, 3_600_000);
  return Object.assign(trackingCounters(counters), { flush: counters.flush, stop: counters.stop });
};

describe('counter buffer', () => {
  it('keeps the counts of a flush PostgreSQL never ran (down, restarting) and writes them with the next, once', async () => {
    const { pool, written } = fakePool([], [refused]);
    const counters = buffer(pool);
    counters.addVideo(1, { views: 2 });
    await counters.flush();
    expect(written).toEqual([]);
    counters.addVideo(1, { views: 1 });
    await counters.flush();
    expect(written).toEqual([{ views: [3], events: [] }]);
    await counters.flush();
    expect(written).toHaveLength(1);
    await counters.stop();
  });

  it('keeps the counts when the connection broke while it was being opened (pg says so in the words of a break under a statement)', async () => {
    const { pool, written } = fakePool([], [lost]);
    const counters = buffer(pool);
    counters.addVideo(1, { views: 2 });
    counters.addEvent(3);
    await counters.flush();
    expect(written).toEqual([]);
    await counters.flush();
    expect(written).toEqual([
      { views: [2], events: [] },
      { views: [], events: [1] },
    ]);
    await counters.stop();
  });

  it('drops the counts of a flush whose connection broke while it ran, rather than risk counting them twice; the next kinds wait, and the client goes', async () => {
    const notQueryable = () => new Error('Client has encountered a connection error and is not queryable');
    const { pool, written, released } = fakePool([lost, notQueryable]);
    const counters = buffer(pool);
    counters.addVideo(1, { views: 2 });
    counters.addEvent(3);
    await counters.flush();
    expect(released).toEqual(['destroyed']);
    counters.addVideo(1, { views: 1 });
    await counters.flush();
    expect(written).toEqual([
      { views: [1], events: [] },
      { views: [], events: [1] },
    ]);
    expect(released).toEqual(['destroyed', 'kept']);
    await counters.stop();
  });

  it('takes no connection when there is nothing to write', async () => {
    const { pool, released } = fakePool();
    const counters = buffer(pool);
    await counters.flush();
    await counters.stop();
    expect(released).toEqual([]);
  });

  it('drops a batch the server refuses for what it is, and still writes the other kinds of the same flush', async () => {
    const { pool, written } = fakePool([refusedStatement]);
    const counters = buffer(pool);
    counters.addVideo(1, { views: 2 });
    counters.addEvent(3);
    await counters.flush();
    expect(written).toEqual([{ views: [], events: [1] }]);
    counters.addVideo(1, { views: 1 });
    await counters.flush();
    expect(written.at(-1)).toEqual({ views: [1], events: [] });
    await counters.stop();
  });

  it('writes a kind its owner registered, on the same connection and in the order of registration', async () => {
    const { pool, written } = fakePool();
    const counters = counterBuffer(pool, silent, 3_600_000);
    const tracked = trackingCounters(counters);
    const flushed: [string, number][][] = [];
    counters.register<number>('plays', {
      merge: (into, more) => Math.max(into ?? 0, more),
      flush: async (_client, batch) => {
        flushed.push([...batch] as [string, number][]);
      },
    });
    counters.add('plays', 'a', 2);
    counters.add('plays', 'a', 5);
    counters.add('plays', 'b', 1);
    tracked.addEvent(3);
    expect(counters.pending('plays', 'a')).toBe(5);
    await counters.flush();
    expect(flushed).toEqual([
      [
        ['a', 5],
        ['b', 1],
      ],
    ]);
    expect(written).toEqual([{ views: [], events: [1] }]);
    await counters.flush();
    expect(flushed).toHaveLength(1);
    await counters.stop();
  });

  it('refuses a count of a kind nobody registered, and a kind registered twice', async () => {
    const { pool } = fakePool();
    const counters = counterBuffer(pool, silent, 3_600_000);
    expect(() => counters.add('plays', 1, 1)).toThrow('no counter kind "plays" is registered');
    expect(() => counters.pending('plays', 1)).toThrow('no counter kind "plays" is registered');
    trackingCounters(counters);
    expect(() => trackingCounters(counters)).toThrow('the counter kind "videos" is registered already');
    await counters.stop();
  });
});
