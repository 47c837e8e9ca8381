import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ref } from '../../../src/engine/sql.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read stage: opening a read (engine/read/state.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  it('reads nothing for a read without search, and builds its FROM and WHERE once, on first use', async () => {
    const plan = f.planOf('bookings', { filters: [pending], page: 1 } as never);
    const { result: read, count } = await f.statements(() => f.open(plan));
    expect(count).toBe(0);
    expect(read.terms).toBeUndefined();
    expect(read.generic()).toBe(read.generic());
    expect(read.countKey()?.tables).toContain('bookings');
  });

  it('with a search, reads the tables’ versions once, kept for every cache of the read', async () => {
    const read = await f.open(f.planOf('bookings', { search: 'Martin', page: 1 }));
    expect(read.knownVersions.size).toBeGreaterThan(0);
    expect(read.lookups.length).toBeGreaterThan(0);
  });

  it('counts the caller’s conditions, which keep the read from any compiled shape', async () => {
    const plan = f.planOf('bookings', {});
    const read = await f.open(plan, (alias) => [sql<SqlBool>`${ref(alias, 'id')} = ${f.bookings[0]}`]);
    expect(read.extraCount).toBe(1);
    const rows = (await read.generic().base.select(`${read.root}.id as id`).execute()) as { id: number }[];
    expect(rows.map((r) => r.id)).toEqual([f.bookings[0]]);
  });
});
