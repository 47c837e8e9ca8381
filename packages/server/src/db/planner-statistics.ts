import { type Kysely, sql } from 'kysely';
import type { Database } from './database.js';

// SQLite's query planner statistics. Without any (a database nobody ran ANALYZE on) SQLite guesses every table's
// size, and some reads of ours get a poor plan: the referent's next and realized flights read thousands of
// registrations instead of a few (bench j: 219 req/s instead of 2,194). So the server gathers them itself: at
// start and at each scheduled tick, `PRAGMA optimize` analyzes the tables that have none yet or that grew or shrank
// tenfold since (bounded by analysis_limit: a sample of each index, milliseconds even on a large database).
//
// Only the row counts (sqlite_stat1) are kept. better-sqlite3 builds SQLite with STAT4, whose per-value samples
// (sqlite_stat4) make SQLite prepare again, at every run, each statement that binds a value compared with an
// indexed column: the statement cache (database.ts) then saves nothing, and the planning day's eight-table read
// was planned anew on each call (bench c: 1,638 → 3,041 req/s without them). The plans chosen from the row counts
// alone are the ones the bench measures. PostgreSQL gathers its own (autovacuum): nothing to do there.

/** Rows ANALYZE reads per index at most: SQLite's own advice for PRAGMA optimize is a few hundred to a thousand. */
const ANALYSIS_LIMIT = 1000;

export async function refreshPlannerStatistics(database: Pick<Database, 'db' | 'dialect'>): Promise<void> {
  if (database.dialect !== 'sqlite') return;
  const db = database.db as unknown as Kysely<unknown>;
  await sql.raw(`PRAGMA analysis_limit = ${ANALYSIS_LIMIT}`).execute(db);
  // 0x10002: analyze every table that needs it, not only those this connection happened to read.
  await sql.raw('PRAGMA optimize = 0x10002').execute(db);
  const stat4 = await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = 'sqlite_stat4'`.execute(
    db,
  );
  if (!stat4.rows[0]?.n) return;
  const samples = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(db);
  if (!samples.rows[0]?.n) return;
  await sql`delete from sqlite_stat4`.execute(db);
  // Reloads the statistics this connection plans with (other connections do at their next start).
  await sql.raw('ANALYZE sqlite_schema').execute(db);
}
