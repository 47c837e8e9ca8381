import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedTestDatabase, engine, type TestDatabase } from './helpers.js';
import { startWriteFromAnotherProcess } from './other-process.js';

// Two server processes on one database (or a maintenance command beside the server): a transaction that read
// before the other process committed must still be able to write. On SQLite a deferred `begin` fails that
// write at once (SQLITE_BUSY_SNAPSHOT); db/database.ts opens every transaction with `begin immediate`.

describe(`concurrent writers on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    await sql`create table scratch (id integer primary key, owner text not null)`.execute(database.db);
  });
  afterAll(async () => database.destroy());

  it('lets a transaction that read first write after another process, both writes kept', async () => {
    let other: Promise<void> | undefined;
    await database.db.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select count(*) as n from scratch`.execute(trx);
      expect(Number(before.rows[0]?.n)).toBe(0);
      other = startWriteFromAnotherProcess(database.url, "insert into scratch (id, owner) values (2, 'other')");
      // The other process either writes now (nothing holds the write lock) or waits for this commit: its end,
      // or 3 s, whichever comes first.
      await Promise.race([other.catch(() => undefined), delay(3000)]);
      await sql`insert into scratch (id, owner) values (1, 'this')`.execute(trx);
    });
    await other;
    const rows = await sql<{ owner: string }>`select owner from scratch order by id`.execute(database.db);
    expect(rows.rows.map((r) => r.owner)).toEqual(['this', 'other']);
  }, 20_000);
});
