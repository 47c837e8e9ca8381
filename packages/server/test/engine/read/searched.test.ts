import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWindow } from '../../../src/engine/read/paging.js';
import { genericIds } from '../../../src/engine/read/plain.js';
import {
  idOrder,
  isCorrelatedSearchCheaper,
  isSearchOnly,
  searchedPage,
  searchedTotal,
  searchOnlyArms,
} from '../../../src/engine/read/searched.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

describe(`read strategy: a searched page (engine/read/searched.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  /** The bookings of Martin (every odd one), newest first: the bookings' default order. */
  const martins = () => f.bookings.filter((_, i) => i % 2).reverse();

  it('tells a list ordered by its id alone, and a search alone', () => {
    expect(idOrder(f.planOf('bookings', {}))).toBe('DESC');
    expect(idOrder(f.planOf('bookings', { order: [{ field: 'booked_at', direction: 'asc' }] } as never))).toBeNull();
    expect(isSearchOnly(f.ctx, f.planOf('bookings', { search: 'Martin' }), 0)).toBe(true);
    expect(isSearchOnly(f.ctx, f.planOf('bookings', { search: 'Martin', filters: [pending] } as never), 0)).toBe(false);
    expect(isSearchOnly(f.ctx, f.planOf('bookings', { search: 'Martin' }), 1)).toBe(false);
  });

  it('reads the search box alone from its arms’ union: the ids and the total of the generic read', async () => {
    const plan = f.planOf('bookings', { search: 'Martin', page: 1, per_page: 2 });
    const read = await f.open(plan);
    const only = searchOnlyArms(read);
    if (!only) throw new Error('a search alone on bookings reads its arms');
    expect(only.direction).toBe('DESC');
    const ids = await searchedPage(read.db, only.arms, only.direction, 2, 0, true);
    expect(ids.map((r) => r.id)).toEqual(martins().slice(0, 2));
    expect(Number(ids[0]?.__total)).toBe(3);
    // The total alone, without sorting the matches: what a read counts first when a write dropped it.
    expect(await searchedTotal(read.db, only.arms)).toBe(3);
    const generic = await genericIds(await f.open(plan), pageWindow(1, 2), true);
    expect(generic.map((r) => [r.id, Number(r.__total)])).toEqual(ids.map((r) => [r.id, Number(r.__total)]));
  });

  it('tests the search row by row when the other conditions leave few rows, never with a `#` number', async () => {
    const narrowed = await f.open(f.planOf('bookings', { search: 'Martin', filters: [pending], page: 1 } as never));
    expect(await isCorrelatedSearchCheaper(narrowed, 0, null)).toBe(true);
    const byNumber = await f.open(f.planOf('bookings', { search: '#1', filters: [pending], page: 1 } as never));
    expect(await isCorrelatedSearchCheaper(byNumber, 0, null)).toBe(false);
    const alone = await f.open(f.planOf('bookings', { search: 'Martin', page: 1 }));
    expect(await isCorrelatedSearchCheaper(alone, 0, null)).toBe(false);
    // Searched row by row, the arms are not read.
    narrowed.correlatedSearch = true;
    expect(searchOnlyArms(narrowed)).toBeNull();
  });
});
