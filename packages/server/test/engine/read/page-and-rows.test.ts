import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAndRows } from '../../../src/engine/read/page-and-rows.js';
import { pageWindow } from '../../../src/engine/read/paging.js';
import { plainIds } from '../../../src/engine/read/plain.js';
import { rowsById } from '../../../src/engine/read/query.js';
import { plainShape } from '../../../src/engine/read/shape.js';
import { engine } from '../../helpers.js';
import { pending, type ReadFixture, readFixture } from './fixture.js';

// PostgreSQL's form only: SQLite reads a plain page's ids, then their rows.
describe.runIf(engine === 'postgres')(
  `read strategy: a page and its rows in one statement (engine/read/page-and-rows.ts) on ${engine}`,
  () => {
    let f: ReadFixture;
    beforeAll(async () => {
      f = await readFixture();
    });
    afterAll(() => f.t.close());

    it('answers in one statement the rows the two-step read answers, and the versions of the total’s tables', async () => {
      const plan = f.planOf('bookings', {
        filters: [pending],
        order: [{ field: 'id', direction: 'asc' }],
        page: 2,
        per_page: 2,
      } as never);
      const shape = plainShape(f.ctx, plan, 0);
      if (!shape) throw new Error('a filtered read has a shape');
      const w = pageWindow(2, 2);
      const read = await f.open(plan);
      const { result: rows, count } = await f.statements(() => pageAndRows(read, shape, w));
      expect(count).toBe(1);
      expect(rows.map((r) => r.id)).toEqual(f.bookings.slice(2, 4));
      expect(rows.every((r) => !('__versions' in r))).toBe(true);
      expect([...read.knownVersions.keys()]).toContain('bookings');
      const ids = (await plainIds(await f.open(plan), shape, w)).map((r) => r.id);
      const twoSteps = await rowsById(f.ctx, f.ctx.registry, plan, ids);
      expect(rows.map((r) => ({ ...r, __pos: undefined }))).toEqual(
        expect.arrayContaining(twoSteps.map((r) => expect.objectContaining({ id: r.id, number: r.number }))),
      );
    });
  },
);
