import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainShape, searchShape, withValues } from '../../../src/engine/read/shape.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read stage: compiled shapes (engine/read/shape.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  it('names a filtered read by its fields, operators and value counts, its values kept apart', () => {
    const plan = f.planOf('bookings', {
      filters: [pending, { field: 'customer_id', op: 'in', value: [f.martin, f.durand] }],
      has: ['customer'],
      order: [{ field: 'booked_at', direction: 'desc' }],
      page: 1,
      per_page: 5,
    } as never);
    const shape = plainShape(f.ctx, plan, 0);
    expect(shape?.values).toEqual([1, f.martin, f.durand]);
    expect(shape?.key).toBe('booking_status_id|=|1;customer_id|in|2;has customer;order booked_at DESC');
    const other = plainShape(f.ctx, f.planOf('bookings', { filters: [{ ...pending, value: 2 }] } as never), 0);
    expect(other?.key).toBe('booking_status_id|=|1');
  });

  it('has no shape when the SQL depends on a value or on the caller', () => {
    const like = f.planOf('bookings', { filters: [{ field: 'number', op: 'like', value: 'B-' }] } as never);
    expect(plainShape(f.ctx, like, 0)).toBeNull();
    expect(plainShape(f.ctx, f.planOf('bookings', { search: 'Martin' }), 0)).toBeNull();
    expect(plainShape(f.ctx, f.planOf('bookings', { filters: [pending] } as never), 1)).toBeNull();
  });

  it('puts values back in the shape order', () => {
    const plan = f.planOf('bookings', {
      filters: [
        pending,
        { field: 'customer_id', op: 'in', value: [f.martin, f.durand] },
        { field: 'number_alt', op: 'null' },
      ],
    } as never);
    const again = withValues(plan, [2, 7, 8]);
    expect(again.filters.map((x) => x.value)).toEqual([2, [7, 8], plan.filters[2]?.value]);
    expect(plainShape(f.ctx, again, 0)?.key).toBe(plainShape(f.ctx, plan, 0)?.key);
  });

  it('has no searched shape for a `#` number or without resolved terms', () => {
    const opts = { correlated: false, withWindow: true };
    expect(searchShape(f.ctx, f.planOf('bookings', { search: '#12' }), 0, [], new Map(), opts)).toBeNull();
    expect(searchShape(f.ctx, f.planOf('bookings', { search: 'Martin' }), 0, [], undefined, opts)).toBeNull();
  });
});
