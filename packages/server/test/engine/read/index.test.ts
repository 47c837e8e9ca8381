import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/engine/read/index.js';
import { ref } from '../../../src/engine/sql.js';
import { newBooking } from '../../builders.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read: the strategies chosen (engine/read/index.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  const ids = (answer: unknown) => (answer as { data: { id: number }[] }).data.map((r) => r.id);

  it('answers a plain page, its total and links, whichever strategy reads it', async () => {
    const query = { filters: [pending], order: [{ field: 'id', direction: 'asc' }], page: 2, per_page: 2 };
    const plain = await runPlan(f.ctx, f.ctx.registry, f.planOf('bookings', query as never));
    expect(plain).toMatchObject({ count: 5, sum: null, prev: 1, next: 3 });
    expect(ids(plain)).toEqual(f.bookings.slice(2, 4));
    // A caller's condition takes the read built on every call: the same answer within it.
    const built = await runPlan(f.ctx, f.ctx.registry, f.planOf('bookings', query as never), (alias) => [
      sql`${ref(alias, 'id')} > 0` as never,
    ]);
    expect(built).toEqual(plain);
  });

  it('answers the same searched page by the search alone and beside a filter', async () => {
    const martins = f.bookings.filter((_, i) => i % 2).reverse();
    const alone = await runPlan(
      f.ctx,
      f.ctx.registry,
      f.planOf('bookings', { search: 'Martin', page: 1, per_page: 2 }),
    );
    expect(ids(alone)).toEqual(martins.slice(0, 2));
    expect(alone).toMatchObject({ count: 3, next: 2 });
    f.counter.trees = [];
    const filtered = await runPlan(
      f.ctx,
      f.ctx.registry,
      f.planOf('bookings', { search: 'Martin', filters: [pending], page: 1, per_page: 2 } as never),
    );
    expect(ids(filtered)).toEqual(martins.filter((id) => f.bookings.indexOf(id) < 5).slice(0, 2));
    // Row by row beside a filter, PostgreSQL orders by `id + 0`: ordered by the key itself, it walked every booking
    // backwards to meet the filter's few rows (59 ms on the bench's 100,000).
    expect(f.counter.trees.some((tree) => tree.includes('+ 0'))).toBe(engine === 'postgres');
  });

  it('counts a search alone first when a write dropped its total, then walks the list for its page', async () => {
    const plan = () => f.planOf('bookings', { search: 'Martin', page: 1, per_page: 2 });
    const martins = f.bookings.filter((_, i) => i % 2).reverse();
    await runPlan(f.ctx, f.ctx.registry, plan());
    const { db } = f.t.database;
    const added = await newBooking(db, { customer_id: f.martin, booking_status_id: 2 });
    f.counter.trees = [];
    const answer = await runPlan(f.ctx, f.ctx.registry, plan());
    expect(ids(answer)).toEqual([added, martins[0]]);
    expect(answer).toMatchObject({ count: 4, next: 2 });
    // SQLite: no window over the sorted matches, their count alone, then the page row by row in the list's order.
    // PostgreSQL keeps the one statement with its window (the extra round trips cost more than they saved).
    expect(f.counter.trees.some((tree) => tree.includes('over ()'))).toBe(engine === 'postgres');
    expect((await runPlan(f.ctx, f.ctx.registry, plan())) as object).toEqual(answer);
    await db.deleteFrom('bookings').where('id', '=', added).execute();
  });

  it('answers the plain array without a page', async () => {
    const rows = await runPlan(f.ctx, f.ctx.registry, f.planOf('bookings', { filters: [pending] } as never));
    expect(Array.isArray(rows) && rows.length).toBe(5);
  });
});
