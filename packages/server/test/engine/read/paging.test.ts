import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBounds, pageLinks, pageWindow } from '../../../src/engine/read/paging.js';
import { engine } from '../../helpers.js';
import { type ReadFixture, readFixture } from './fixture.js';

describe(`read stage: paging (engine/read/paging.ts) on ${engine}`, () => {
  let f: ReadFixture;
  beforeAll(async () => {
    f = await readFixture();
  });
  afterAll(() => f.t.close());

  it('binds no offset on the first page, and the offset past it, under two statement texts only', () => {
    expect(pageWindow(1, 25)).toEqual({ page: 1, perPage: 25, offset: 0, bounds: [], boundsKey: '25|first' });
    expect(pageWindow(3, 25)).toEqual({ page: 3, perPage: 25, offset: 50, bounds: [50], boundsKey: '25|offset' });
    expect(pageWindow(4, 25).boundsKey).toBe(pageWindow(3, 25).boundsKey);
  });

  it('reads the slice of the ordered rows, the limit written as a literal', async () => {
    const ordered = () => f.t.database.db.selectFrom('bookings').select('id').orderBy('id');
    const first = pageBounds(ordered(), 3, 0);
    const third = pageBounds(ordered(), 3, 6);
    expect(first.compile().parameters).toEqual([]);
    expect(third.compile().parameters).toEqual([6]);
    expect((await first.execute()).map((r) => r.id)).toEqual(f.bookings.slice(0, 3));
    expect((await third.execute()).map((r) => r.id)).toEqual(f.bookings.slice(6));
    expect(sql`${first}`.compile(f.t.database.db).sql).toMatch(/limit 3/i);
  });

  it('refuses a page size the validation could not have given', () => {
    const query = f.t.database.db.selectFrom('bookings').select('id');
    expect(() => pageBounds(query, 0, 0)).toThrow('Taille de page inattendue : 0');
    expect(() => pageBounds(query, 2.5, 0)).toThrow();
  });

  it('links the previous page within the last one, and no next page past the total', () => {
    expect(pageLinks(1, 10, 0)).toEqual({ prev: null, next: null });
    expect(pageLinks(2, 10, 25)).toEqual({ prev: 1, next: 3 });
    expect(pageLinks(3, 10, 25)).toEqual({ prev: 2, next: null });
    expect(pageLinks(9, 10, 25)).toEqual({ prev: 3, next: null });
  });
});
