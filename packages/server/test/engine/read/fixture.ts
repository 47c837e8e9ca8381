import type { ListQuery } from '@app/domain';
import type { Plan } from '../../../src/engine/plan.js';
import { type ExtraConditions, openRead } from '../../../src/engine/read/state.js';
import type { EngineContext } from '../../../src/engine/types.js';
import { validateQuery } from '../../../src/engine/validate.js';
import { newBooking, newCustomer } from '../../builders.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { QueryCounter } from '../support.js';

// A small office for the read stages' unit tests (engine/read/): seven bookings of two customers, five pending
// (status 1) and two of status 2, read through the real engine on the suite's database (SQLite or PostgreSQL).

export type ReadFixture = Awaited<ReturnType<typeof readFixture>>;

export async function readFixture() {
  const t: TestApp = await createTestApp();
  const { db } = t.database;
  const martin = await newCustomer(db, { last_name: 'Martin', first_name: 'Claire' });
  const durand = await newCustomer(db, { last_name: 'Durand', first_name: 'Paul' });
  const bookings: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    bookings.push(await newBooking(db, { customer_id: i % 2 ? martin : durand, booking_status_id: i < 5 ? 1 : 2 }));
  }
  const counter = new QueryCounter();
  const ctx: EngineContext = { ...t.app.ctx, db: db.withPlugin(counter) };
  const planOf = (name: string, query: ListQuery): Plan => {
    const resource = ctx.registry.get(name);
    if (!resource) throw new Error(name);
    return validateQuery(ctx.registry, resource, query);
  };
  const open = (plan: Plan, extra: ExtraConditions = () => []) => openRead(ctx, ctx.registry, plan, extra);
  /** The statements run by `run`. */
  const statements = async <T>(run: () => Promise<T>): Promise<{ result: T; count: number }> => {
    counter.count = 0;
    const result = await run();
    return { result, count: counter.count };
  };
  return { t, ctx, counter, martin, durand, bookings, planOf, open, statements };
}

export const pending = { field: 'booking_status_id', op: '=', value: 1 } as const;
