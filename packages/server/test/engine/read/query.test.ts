import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inIdOrder, plainQuery, rowsById, rowsKey } from '../../../src/engine/read/query.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read stage: where and rows (engine/read/query.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  it('reads the ids a plan keeps, in its order', async () => {
    const plan = f.planOf('bookings', { filters: [pending], order: [{ field: 'id', direction: 'asc' }] } as never);
    const q = plainQuery(f.ctx, f.ctx.registry, plan);
    const rows = (await q.base.select(`${q.root}.id as id`).orderBy(q.order()).execute()) as { id: number }[];
    expect(rows.map((r) => r.id)).toEqual(f.bookings.slice(0, 5));
  });

  it('reads rows by ids with their counts, compiled once per number of ids, then in the ids order', async () => {
    const plan = f.planOf('customers', { count: ['bookings'] });
    expect(rowsKey(plan)).toBe('rows|bookings|');
    const ids = [f.durand, f.martin];
    const first = await rowsById(f.ctx, f.ctx.registry, plan, ids);
    const byId = Object.fromEntries(first.map((r) => [r.id, r]));
    expect([Number(byId[f.martin]?.bookings_count), Number(byId[f.durand]?.bookings_count)]).toEqual([3, 4]);
    const reversed = inIdOrder(await rowsById(f.ctx, f.ctx.registry, plan, [f.martin, f.durand]), [f.martin, f.durand]);
    expect(reversed.map((r) => r.id)).toEqual([f.martin, f.durand]);
  });
});
