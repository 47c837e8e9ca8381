import { BadRequestError } from '../../core/errors.js';
import { runShaped } from '../compiled.js';
import { MAX_UNPAGED_ROWS } from '../limits.js';
import { queryMessages } from '../messages.js';
import { literalLimit } from '../sql.js';
import type { Row } from '../types.js';
import { plainQuery, rowSelections, rowsKey } from './query.js';
import { plainShape, withValues } from './shape.js';
import type { ListRead } from './state.js';

/**
 * A list without `page` (a booking's passengers): its rows in one statement, refused past the ceiling of unpaged
 * rows (one row past it tells that there are more, without reading them all). Filters only: compiled once per
 * shape, like a page's ids. Embeds and appends are the caller's last stage.
 */
export async function readUnpaged(r: ListRead): Promise<Row[]> {
  const { ctx, registry, plan, db } = r;
  const limit = MAX_UNPAGED_ROWS + 1;
  const shape = plainShape(ctx, plan, r.extraCount);
  const rows = shape
    ? await runShaped<Row>(db, plan.resource, `all|${shape.key}|${rowsKey(plan)}`, shape.values, (v) => {
        const q = plainQuery(ctx, registry, withValues(plan, v));
        return q.base
          .select(rowSelections(ctx, registry, plan, q.root, q.aliases))
          .orderBy(q.order())
          .limit(literalLimit(limit));
      })
    : ((await r
        .generic()
        .base.select(rowSelections(ctx, registry, plan, r.root, r.aliases))
        .orderBy(r.generic().order)
        .limit(literalLimit(limit))
        .execute()) as Row[]);
  if (rows.length > MAX_UNPAGED_ROWS) throw new BadRequestError(queryMessages.tooManyRows(MAX_UNPAGED_ROWS));
  return rows;
}
