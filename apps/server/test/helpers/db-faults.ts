import type pg from 'pg';

/** A trigger body that refuses the write: the statement fails with this message. */
export const REFUSE = "raise exception 'the audit log refuses';";
/** A trigger body that cuts the connection mid-statement, as a PostgreSQL that goes away would. */
export const CUT_CONNECTION = 'perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(1); return null;';

/** Runs `during` with a statement trigger on `table` running `body`, dropped afterwards whatever happens. */
export async function withTrigger<T>(pool: pg.Pool, table: string, events: string, body: string, during: () => Promise<T>): Promise<T> {
  await pool.query(`create or replace function test_decision_fault() returns trigger language plpgsql as $$ begin ${body} end $$`);
  await pool.query(`create trigger test_decision_fault before ${events} on ${table} for each statement execute function test_decision_fault()`);
  try {
    return await during();
  } finally {
    await pool.query(`drop trigger test_decision_fault on ${table}`);
    await pool.query('drop function test_decision_fault()');
  }
}
