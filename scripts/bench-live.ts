import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import pino from 'pino';
import { logSerializers } from '../apps/server/src/lib/log-errors.ts';
import { createDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres.ts';
import { liveService } from '../apps/server/src/modules/live/live.service.ts';
import { BENCH_PG_PORT, benchDataDir, CREATORS, ensureBenchData, prepareBenchDataDir } from './support/bench-feed-data.ts';

/**
 * `npm run bench:live`: one poll cycle of live status (ADR 0012) for the 20,000 creators of bench:feed-api
 * across 5 cam sites, each site's status feed a real HTTP server on 127.0.0.1. Prints how long a cycle
 * takes and what it writes to the database (row updates of user_links and webcam_sites, from
 * pg_stat_user_tables): a cycle writes only the links that changed, plus one row per site.
 */
const SITES = 5;
/** A fifth of the creators are online at first; then a tenth of those go off and as many come on. */
const ONLINE_SHARE = 0.2;
const CHURN_SHARE = 0.1;

prepareBenchDataDir();
const database = await startEmbeddedPostgres({ dataDir: benchDataDir, port: BENCH_PG_PORT, logger: pino({ level: 'warn', serializers: logSerializers }) });
const setup = new pg.Client({ connectionString: database.url });
await setup.connect();
const { pool } = createDatabase(database.url, pino({ level: 'warn', serializers: logSerializers }), { max: 2 });
const servers: http.Server[] = [];

try {
  await runMigrations(pool);
  await pool.end();
  await ensureBenchData(setup);

  // Every creator gets a room on one of the 5 bench sites (replacing an earlier run's).
  await setup.query(`delete from user_links where site like 'bench-cams-%'`);
  await setup.query(`delete from webcam_sites where slug like 'bench-cams-%'`);
  await setup.query(
    `insert into user_links (user_id, url, name, site, position)
     select u.id, 'https://bench-cams-' || (u.id % ${SITES}) || '.example/room' || u.id, 'Cams', 'bench-cams-' || (u.id % ${SITES}) || '.example', 9
     from users u where u.type = 'model' and u.slug is not null`,
  );
  const { rows: creators } = await setup.query<{ id: number }>(`select id::int as id from users where type = 'model' and slug is not null order by id`);
  console.log(`${creators.length} creators (bench:feed-api has ${CREATORS}), each with a room on one of ${SITES} sites`);

  // What each site's feed lists now: rooms by site, swapped between cycles.
  const online = new Set<number>(creators.filter((_, i) => i % Math.round(1 / ONLINE_SHARE) === 0).map((c) => c.id));
  for (let site = 0; site < SITES; site += 1) {
    const server = http.createServer((_request, response) => {
      const rooms = [...online].filter((id) => id % SITES === site).map((id) => ({ username: `room${id}`, viewers: id % 1000 }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ count: rooms.length, results: rooms }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    await setup.query(
      `insert into webcam_sites (slug, name, hosts, status_url, status_list_path, status_room_field, position)
       values ($1, $2, $3, $4, 'results', 'username', 100 + $5)`,
      [`bench-cams-${site}`, `Bench Cams ${site}`, [`bench-cams-${site}.example`], `http://127.0.0.1:${(server.address() as AddressInfo).port}/online`, site],
    );
  }
  await setup.query('analyze user_links');

  const updates = async () => {
    const { rows } = await setup.query<{ relname: string; n: string }>(
      `select relname, n_tup_upd::text as n from pg_stat_user_tables where relname in ('user_links', 'webcam_sites')`,
    );
    return Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)]));
  };
  async function cycle(name: string) {
    await setup.query(`update webcam_sites set status_polled_at = null where slug like 'bench-cams-%'`);
    // A backend reports its statistics when it ends: the cycle gets connections of its own, closed after it.
    await setup.query('select pg_stat_force_next_flush()');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const before = await updates();
    const cyclePool = new pg.Pool({ connectionString: database.url, max: SITES });
    const live = liveService({ pool: cyclePool, logger: pino({ level: 'warn', serializers: logSerializers }), allowInternalFeeds: true });
    const started = performance.now();
    const polls = await live.pollDueSites();
    const ms = performance.now() - started;
    await cyclePool.end();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await updates();

    const rooms = polls.reduce((sum, p) => sum + (p.ok ? p.rooms : 0), 0);
    const wentLive = polls.reduce((sum, p) => sum + (p.ok ? p.wentLive : 0), 0);
    const wentOffline = polls.reduce((sum, p) => sum + (p.ok ? p.wentOffline : 0), 0);
    const failed = polls.filter((p) => !p.ok);
    console.log(
      `${name}: ${polls.length} sites, ${rooms} rooms online, ${wentLive} went live, ${wentOffline} went off, in ${ms.toFixed(0)} ms; ` +
        `rows written: user_links ${after.user_links! - before.user_links!}, webcam_sites ${after.webcam_sites! - before.webcam_sites!} (a claim and a confirmation per site)` +
        (failed.length ? `; FAILED: ${failed.map((f) => f.site).join(', ')}` : ''),
    );
  }

  await setup.query(`update user_links set live_source = null, live_site_id = null, live_since = null, live_until = null where site like 'bench-cams-%'`);
  await cycle('first cycle (nobody live before)');
  await cycle('same answer again (nothing changed)');
  const ids = [...online];
  const leaving = ids.filter((_, i) => i % Math.round(1 / CHURN_SHARE) === 0);
  for (const id of leaving) online.delete(id);
  const joining = creators
    .map((c) => c.id)
    .filter((id) => !online.has(id) && !leaving.includes(id))
    .slice(0, leaving.length);
  for (const id of joining) online.add(id);
  await cycle(`a tenth changed (${leaving.length} off, ${joining.length} on)`);
} finally {
  for (const server of servers) server.close();
  await setup.query(`delete from user_links where site like 'bench-cams-%'`).catch(() => undefined);
  await setup.query(`delete from webcam_sites where slug like 'bench-cams-%'`).catch(() => undefined);
  await setup.end();
  await database.stop();
}
process.exit(0);
