import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestApp } from './test-app.ts';

/** Each table's md5 and each file's size and md5, by name: what a request could have changed. */
export type Fingerprint = Map<string, string>;

export interface FingerprintOptions {
  /** Tables of the public schema left out whole, each for a reason the caller gives. */
  skipTables: readonly string[];
  /** Columns left out of their table (`table.column`), the rest of the table still counting. */
  skipColumns: readonly string[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A fingerprint of an app's data (ADR 0025: a refused write changes nothing): one query over every table
 * of the public schema (pg-boss keeps its own schema, and is not looked at), each table the md5 of its rows
 * in a fixed order, and the files under DATA_DIR (media, private documents, unfinished uploads). Two
 * fingerprints are equal when nothing was written, deleted or added; `changed` names what differs.
 */
export async function dataFingerprints(t: TestApp, { skipTables, skipColumns }: FingerprintOptions) {
  // A connection of its own, not one of the app's, planning for the few rows there are: no parallel
  // workers (starting them takes far longer than the query), no JIT.
  const db = new pg.Client({ connectionString: t.databaseUrl });
  await db.connect();
  await db.query('set max_parallel_workers_per_gather = 0; set jit = off');
  const { rows } = await db.query<{ table: string; columns: string[] }>(
    `select c.table_name as table, array_agg(c.column_name::text order by c.ordinal_position) as columns
     from information_schema.columns c
     join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
     where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
     group by c.table_name order by c.table_name`,
  );
  const unknown = [...skipTables, ...skipColumns.map((column) => column.split('.')[0]!)].filter((table) => !rows.some((row) => row.table === table));
  if (unknown.length) throw new Error(`no such table to leave out: ${unknown.join(', ')}`);
  const tables = rows.filter((row) => !skipTables.includes(row.table));
  // row(...)::text of the kept columns, sorted bytewise, joined by a newline: equal rows give an equal md5 in any physical order.
  const sql = tables
    .map(({ table, columns }) => {
      const kept = columns.filter((column) => !skipColumns.includes(`${table}.${column}`)).map((column) => `x.${ident(column)}`);
      return `select '${table}' as name, md5(coalesce(string_agg(x.r, E'\\n' order by x.r collate "C"), '')) as hash
              from (select row(${kept.join(', ')})::text as r from ${ident(table)} x) x`;
    })
    .join('\nunion all\n');

  async function files(dir: string, into: Fingerprint) {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await files(full, into);
      else if (entry.isFile()) {
        const data = await fs.readFile(full).catch(() => null);
        if (data) into.set(`file ${path.relative(t.dataDir, full)}`, `${data.length} ${createHash('md5').update(data).digest('hex')}`);
      }
    }
  }

  return {
    /** The tables fingerprinted (every table of the public schema but those left out). */
    tables: tables.map((row) => row.table),
    async take(): Promise<Fingerprint> {
      const onDisk: Fingerprint = new Map();
      const [{ rows: hashes }] = await Promise.all([db.query<{ name: string; hash: string }>({ name: 'data-fingerprint', text: sql }), files(t.dataDir, onDisk)]);
      return new Map([...hashes.map((row): [string, string] => [`table ${row.name}`, row.hash]), ...onDisk]);
    },
    /** What differs between two fingerprints: `table users`, `file uploads/tus/…`; empty when they are equal. */
    changed(before: Fingerprint, after: Fingerprint): string[] {
      const names = new Set([...before.keys(), ...after.keys()]);
      return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
    },
    close: () => db.end(),
  };
}
