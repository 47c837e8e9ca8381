import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.js';
import { rowFactory } from '../src/db/sqlite-rows.js';
import { engine } from './helpers.js';

// SQLite rows are read as arrays and built by a function written for the statement's columns (db/sqlite-rows.ts):
// they must be the objects better-sqlite3 would have built, whatever the columns and after any schema change.

describe.runIf(engine === 'sqlite')('SQLite rows built for their columns', () => {
  let database: Database;
  beforeEach(async () => {
    database = createDatabase('sqlite::memory:');
    await sql`create table t (id integer primary key, label text, data blob, amount real)`.execute(database.db);
    await sql`insert into t (label, data, amount) values ('Écureuil', x'00ff', 12.5), (null, null, null)`.execute(
      database.db,
    );
  });
  afterEach(() => database.destroy());

  const plain = (text: string) => {
    const sqlite = new Sqlite(':memory:');
    try {
      return sqlite.prepare(text).all();
    } finally {
      sqlite.close();
    }
  };

  it('answers the objects better-sqlite3 builds: order, types, nulls, a repeated name', async () => {
    const read = async () =>
      (await sql`select id, label, data, amount, 1 as n, 'a' as label from t order by id`.execute(database.db)).rows;
    for (let i = 0; i < 2; i += 1) {
      expect(await read()).toStrictEqual([
        { id: 1, label: 'a', data: Buffer.from([0, 255]), amount: 12.5, n: 1 },
        { id: 2, label: 'a', data: null, amount: null, n: 1 },
      ]);
    }
    expect(Object.keys((await read())[0] as object)).toEqual(
      Object.keys(plain("select 1 as id, 2 as label, 3 as data, 4 as amount, 1 as n, 'a' as label")[0] as object),
    );
  });

  it('streams rows the same way', async () => {
    const rows: unknown[] = [];
    for await (const row of database.db
      .selectFrom('t' as never)
      .select(['id', 'label'] as never)
      .stream()) {
      rows.push(row);
    }
    expect(rows).toStrictEqual([
      { id: 1, label: 'Écureuil' },
      { id: 2, label: null },
    ]);
  });

  it('follows a schema change made through the connection', async () => {
    const all = () => sql`select * from t order by id`.execute(database.db);
    expect(Object.keys((await all()).rows[0] as object)).toEqual(['id', 'label', 'data', 'amount']);
    await sql`alter table t drop column data`.execute(database.db);
    await sql`alter table t add column color text default 'rouge'`.execute(database.db);
    expect((await all()).rows[0]).toStrictEqual({ id: 1, label: 'Écureuil', amount: 12.5, color: 'rouge' });
  });

  it('writes column names as strings, never as code', () => {
    const make = rowFactory(['a"b', '}; throw 1; //', "c'\n", 'constructor']);
    expect(make?.(['x', 'y', 'z', 'w'])).toStrictEqual({
      'a"b': 'x',
      '}; throw 1; //': 'y',
      "c'\n": 'z',
      constructor: 'w',
    });
    expect(rowFactory(['id', '__proto__'])).toBeNull();
  });

  it('answers a __proto__ column as better-sqlite3 itself does', async () => {
    const text = 'select 1 as id, 2 as "__proto__"';
    const ours = (await sql.raw(text).execute(database.db)).rows[0] as object;
    const theirs = plain(text)[0] as object;
    expect(Object.hasOwn(ours, '__proto__')).toBe(Object.hasOwn(theirs, '__proto__'));
    expect(Object.getPrototypeOf(ours)).toBe(Object.getPrototypeOf(theirs));
    expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
  });
});
