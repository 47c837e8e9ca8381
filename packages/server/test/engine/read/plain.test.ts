import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWindow } from '../../../src/engine/read/paging.js';
import { genericIds, plainIds } from '../../../src/engine/read/plain.js';
import { plainShape } from '../../../src/engine/read/shape.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read strategy: a plain page's ids (engine/read/plain.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  const query = { filters: [pending], order: [{ field: 'id', direction: 'asc' }], page: 2, per_page: 2 };

  it('reads the page of ids compiled once per shape, the same as the read built on every call', async () => {
    const plan = f.planOf('bookings', query as never);
    const shape = plainShape(f.ctx, plan, 0);
    if (!shape) throw new Error('a filtered read has a shape');
    const w = pageWindow(2, 2);
    const compiled = await plainIds(await f.open(plan), shape, w);
    expect(compiled.map((r) => r.id)).toEqual(f.bookings.slice(2, 4));
    const built = await genericIds(await f.open(plan), w, false);
    expect(built).toEqual(compiled);
  });

  it('brings the total with the ids when asked (a window)', async () => {
    const plan = f.planOf('bookings', query as never);
    const ids = await genericIds(await f.open(plan), pageWindow(1, 2), true);
    expect(ids.map((r) => Number(r.__total))).toEqual([5, 5]);
  });
});
