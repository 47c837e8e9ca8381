import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUnpaged } from '../../../src/engine/read/unpaged.js';
import { ref } from '../../../src/engine/sql.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read strategy: unpaged list (engine/read/unpaged.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  const byId = { order: [{ field: 'id', direction: 'asc' }] } as const;

  it('reads every row of a filtered list in one statement, in its order', async () => {
    const plan = f.planOf('bookings', { filters: [pending], ...byId } as never);
    const { result, count } = await f.statements(async () => readUnpaged(await f.open(plan)));
    expect(result.map((r) => r.id)).toEqual(f.bookings.slice(0, 5));
    expect(count).toBe(1);
  });

  it('reads under the caller’s own conditions (a detail read) the same rows, built on every call', async () => {
    const plan = f.planOf('bookings', byId as never);
    const [id] = f.bookings;
    const read = await f.open(plan, (alias) => [sql<SqlBool>`${ref(alias, 'id')} = ${id}`]);
    expect((await readUnpaged(read)).map((r) => r.id)).toEqual([id]);
  });
});
