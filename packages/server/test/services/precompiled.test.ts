import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.js';
import { precompiled } from '../../src/services/precompiled.js';
import { createTestDatabase, engine, type TestDatabase } from '../helpers.js';

describe(`precompiled queries on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('compiles once and puts each call’s arguments in place, constants kept', async () => {
    let builds = 0;
    const statusesOf = precompiled((db: Kysely<DB>, slugA: string, slugB: string) => {
      builds += 1;
      return db
        .selectFrom('flight_statuses')
        .select('id')
        .where((eb) => eb.or([eb('slug', '=', slugA), eb('slug', '=', slugB), eb('id', '=', 4)]))
        .orderBy('id');
    }, 2);
    const { db } = database;
    expect(await statusesOf(db, 'planned', 'realized')).toEqual([{ id: 1 }, { id: 2 }, { id: 4 }]);
    expect(await statusesOf(db, 'weather-postponed', 'nothing')).toEqual([{ id: 3 }, { id: 4 }]);
    expect(builds).toBe(1);
  });

  it('refuses a query that does not bind every argument', async () => {
    const unbound = precompiled((db: Kysely<DB>, _unused: string) => db.selectFrom('flight_statuses').select('id'), 1);
    await expect(unbound(database.db, 'x')).rejects.toThrow(/every argument/);
  });
});
