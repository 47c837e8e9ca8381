import { sql } from 'kysely';
import { runShaped } from '../compiled.js';
import { type CountLookup, cachedCount } from '../count-cache.js';
import { fieldExpression } from '../resolve.js';
import type { PageWindow } from './paging.js';
import type { IdRow } from './plain.js';
import { plainQuery } from './query.js';
import { type Shape, withValues } from './shape.js';
import type { ListRead } from './state.js';

/**
 * The counting stage: a page's total (and its sums when asked), from the cheapest source that knows it. In order:
 * the count cache's kept total of a search; the window the ids came with; the page itself when it is short (a last
 * page, or an empty first one); a COUNT(*) compiled once per plain shape, or built, both kept by the count cache;
 * and, with sums or a caller's conditions, a COUNT(*) with the sums, never kept.
 */
export async function countPage(
  r: ListRead,
  w: PageWindow,
  ids: readonly number[],
  idRows: readonly IdRow[],
  shape: Shape | null,
  searchCount: CountLookup | null,
  withWindow: boolean,
): Promise<{ count: number; sum: Record<string, number> | null }> {
  const { ctx, registry, plan, db } = r;
  const isLastPage = ids.length > 0 && ids.length < w.perPage;
  if (searchCount?.count != null) return { count: searchCount.count, sum: null };
  if (withWindow && idRows[0]) {
    const count = Number(idRows[0].__total);
    searchCount?.keep(count);
    return { count, sum: null };
  }
  if (!plan.sums.length && (isLastPage || (w.page === 1 && ids.length === 0))) {
    // The page itself tells the total: skip the COUNT(*) (short lists, last pages).
    return { count: w.offset + ids.length, sum: null };
  }
  if (shape) {
    const count = await cachedCount(
      ctx,
      r.countKey(),
      async () => {
        const [totals] = await runShaped<{ count: number }>(
          db,
          plan.resource,
          `count|${shape.key}`,
          shape.values,
          (v) => {
            const q = plainQuery(ctx, registry, withValues(plan, v));
            return q.base.select(sql<number>`count(*)`.as('count'));
          },
        );
        return Number(totals?.count ?? 0);
      },
      r.read,
    );
    return { count, sum: null };
  }
  if (!plan.sums.length && !r.extra(r.root).length) {
    const count = await cachedCount(
      ctx,
      r.countKey(),
      async () => {
        const totals = await r.generic().base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
        return Number((totals as { count: unknown }).count);
      },
      r.read,
    );
    return { count, sum: null };
  }
  const totals = (await r
    .generic()
    .base.select([
      sql<number>`count(*)`.as('count'),
      ...plan.sums.map((s, i) => sql`sum(${fieldExpression(s.name, s.field, r.root)})`.as(`s${i}`)),
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const sum = plan.sums.length
    ? Object.fromEntries(plan.sums.map((s, i) => [s.name, Number(totals[`s${i}`] ?? 0)]))
    : null;
  return { count: Number(totals.count), sum };
}
