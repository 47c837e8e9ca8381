import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.js';
import { SAFETY_NET_PAGES } from '../src/db/wal-checkpointer.js';
import { engine } from './helpers.js';

// A SQLite file's write-ahead log is copied back into the database by a thread of its own (db/wal-checkpointer.ts),
// not by the commit that finds it long, on the thread that answers the requests.

describe.runIf(engine === 'sqlite')('the SQLite log checkpointed off the request thread', () => {
  let dir: string;
  let file: string;
  let database: Database;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-'));
    file = path.join(dir, 'app.sqlite');
    database = createDatabase(`sqlite:${file}`);
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const pragma = async (name: string) =>
    Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0];

  it("leaves the request thread's commits out of it, and copies the log into the file within moments", async () => {
    expect(await pragma('wal_autocheckpoint')).toBe(SAFETY_NET_PAGES);
    await sql`create table t (id integer primary key, data blob)`.execute(database.db);
    const before = fs.statSync(file).size;
    // About 2,000 pages of log, each in its own commit: far under the commits' own threshold.
    for (let i = 0; i < 2000; i += 1) {
      await sql`insert into t (data) values (randomblob(3000))`.execute(database.db);
    }
    // Only a checkpoint writes the database file itself.
    await expect.poll(() => fs.statSync(file).size, { timeout: 5000 }).toBeGreaterThan(before + 2000 * 3000);
    expect((await sql<{ n: number }>`select count(*) as n from t`.execute(database.db)).rows[0]?.n).toBe(2000);
  });

  it('stops with the database: the last checkpoint made, the log emptied, the file whole', async () => {
    await sql`create table t (id integer primary key, label text)`.execute(database.db);
    await sql`insert into t (label) values ('Écureuil')`.execute(database.db);
    await database.destroy();
    // The last connection to close removes the log once everything is in the file.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    database = createDatabase(`sqlite:${file}`);
    expect((await sql<{ label: string }>`select label from t`.execute(database.db)).rows).toEqual([
      { label: 'Écureuil' },
    ]);
  });

  it('starts no thread for a database in memory', async () => {
    const memory = createDatabase('sqlite::memory:');
    try {
      expect(Object.values((await sql.raw('pragma wal_autocheckpoint').execute(memory.db)).rows[0] as object)[0]).toBe(
        1000,
      );
    } finally {
      await memory.destroy();
    }
  });
});
