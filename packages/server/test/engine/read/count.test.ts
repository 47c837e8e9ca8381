import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPage } from '../../../src/engine/read/count.js';
import { pageWindow } from '../../../src/engine/read/paging.js';
import { plainShape } from '../../../src/engine/read/shape.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read stage: counting (engine/read/count.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  const plan = () => f.planOf('bookings', { filters: [pending], page: 1, per_page: 2 } as never);

  it('takes the total from a short page without a statement', async () => {
    const read = await f.open(plan());
    const { result, count } = await f.statements(() =>
      countPage(read, pageWindow(3, 2), [9], [{ id: 9 }], plainShape(f.ctx, read.plan, 0), null, false),
    );
    expect(result).toEqual({ count: 5, sum: null });
    expect(count).toBe(0);
  });

  it('takes the total from the window the ids came with', async () => {
    const read = await f.open(plan());
    const ids = [{ id: 1, __total: 42 }];
    expect(await countPage(read, pageWindow(1, 1), [1], ids, null, null, true)).toEqual({ count: 42, sum: null });
  });

  it('counts a full page, then serves the same total from the count cache', async () => {
    const read = await f.open(plan());
    const shape = plainShape(f.ctx, read.plan, 0);
    const first = await countPage(read, pageWindow(1, 2), [1, 2], [{ id: 1 }, { id: 2 }], shape, null, false);
    expect(first).toEqual({ count: 5, sum: null });
    const again = await f.open(plan());
    const { result, count } = await f.statements(() =>
      countPage(again, pageWindow(1, 2), [1, 2], [{ id: 1 }, { id: 2 }], shape, null, false),
    );
    expect(result.count).toBe(5);
    // Only the tables' versions are read: no COUNT(*).
    expect(count).toBeLessThanOrEqual(1);
  });

  it('sums with the total when asked, never from the cache', async () => {
    const read = await f.open(
      f.planOf('bookings', { filters: [pending], sum: ['passengers_number'], page: 1, per_page: 2 } as never),
    );
    const answer = await countPage(read, pageWindow(1, 2), [1, 2], [{ id: 1 }, { id: 2 }], null, null, false);
    expect(answer).toEqual({ count: 5, sum: { passengers_number: 10 } });
  });
});
