import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshPlannerStatistics } from '../src/db/planner-statistics.js';
import { startScheduledJobs } from '../src/services/scheduled-jobs.js';
import { newBooking, newPassenger } from './builders.js';
import { createTestApp, engine, type TestApp } from './helpers.js';

// db/planner-statistics.ts: SQLite's planner gets the tables' row counts (sqlite_stat1) from the server itself, at
// start and at each scheduled tick, and never keeps STAT4 samples (they make SQLite prepare statements again at
// every run). PostgreSQL keeps its own statistics: nothing is done there.

describe(`planner statistics on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    for (let i = 0; i < 30; i += 1) {
      const booking = await newBooking(db, { booking_status_id: 1 + (i % 3) });
      await newPassenger(db, booking, { last_name: `Nom${i % 7}` });
    }
  });
  afterAll(() => t.close());

  const statRows = async (table: 'sqlite_stat1' | 'sqlite_stat4', of: string) => {
    const exists = await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = ${table}`.execute(
      t.database.db,
    );
    if (!exists.rows[0]?.n) return 0;
    const rows = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where tbl = ${of}`.execute(
      t.database.db,
    );
    return Number(rows.rows[0]?.n ?? 0);
  };

  /** What a full ANALYZE by hand (or an older bench) leaves: STAT4 samples too (none under an analysis_limit). */
  const fullAnalyze = async () => {
    await sql.raw('PRAGMA analysis_limit = 0').execute(t.database.db);
    await sql.raw('ANALYZE').execute(t.database.db);
  };

  it.runIf(engine === 'postgres')('does nothing on PostgreSQL', async () => {
    await expect(refreshPlannerStatistics(t.database)).resolves.toBeUndefined();
  });

  it.runIf(engine === 'sqlite')('gathers the row counts of every table on a database that has none', async () => {
    expect(await statRows('sqlite_stat1', 'bookings')).toBe(0);
    await refreshPlannerStatistics(t.database);
    expect(await statRows('sqlite_stat1', 'bookings')).toBeGreaterThan(0);
    expect(await statRows('sqlite_stat1', 'passengers')).toBeGreaterThan(0);
    expect(await statRows('sqlite_stat4', 'bookings')).toBe(0);
  });

  it.runIf(engine === 'sqlite')('drops the STAT4 samples a full ANALYZE left, keeping the row counts', async () => {
    await fullAnalyze();
    expect(await statRows('sqlite_stat4', 'passengers')).toBeGreaterThan(0);
    await refreshPlannerStatistics(t.database);
    expect(await statRows('sqlite_stat4', 'passengers')).toBe(0);
    expect(await statRows('sqlite_stat1', 'passengers')).toBeGreaterThan(0);
  });

  it.runIf(engine === 'sqlite')('keeps them up to date at each scheduled tick', async () => {
    await fullAnalyze();
    expect(await statRows('sqlite_stat4', 'bookings')).toBeGreaterThan(0);
    const jobs = startScheduledJobs(t.app, { firstTickMs: 3_600_000, intervalMs: 3_600_000 });
    try {
      await jobs.tick();
    } finally {
      await jobs.stop();
    }
    expect(await statRows('sqlite_stat4', 'bookings')).toBe(0);
    expect(await statRows('sqlite_stat1', 'bookings')).toBeGreaterThan(0);
  });
});
