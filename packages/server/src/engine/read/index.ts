import type { Paginated } from '@app/domain';
import { lookupCount } from '../count-cache.js';
import type { Plan } from '../plan.js';
import type { EngineContext, Registry, Row } from '../types.js';
import { countPage } from './count.js';
import { pageAndRows } from './page-and-rows.js';
import { pageLinks, pageWindow } from './paging.js';
import { genericIds, type IdRow, plainIds } from './plain.js';
import { finish, inIdOrder, rowsById } from './query.js';
import {
  isCorrelatedSearchCheaper,
  searchedPage,
  searchedShapeIds,
  searchedTotal,
  searchOnlyArms,
} from './searched.js';
import { plainShape, searchShape } from './shape.js';
import { type ExtraConditions, openRead } from './state.js';
import { readUnpaged } from './unpaged.js';

// The list read, stage by stage: validate (validate.ts) → where (query.ts: filters, search, has/hasnot, scope) →
// order → the ids of a page, read by one strategy chosen here (plain.ts, searched.ts, page-and-rows.ts) → page
// (paging.ts) → rows with their fields and counts (query.ts) → total and sums (count.ts) → embeds and appends.

/**
 * Reads a plan: the plain array without `page` (unpaged.ts), else one page.
 *
 * A page is read in two steps (a "deferred join"): the ids of the page first, ordered and limited, then the full
 * rows of those ids only. Computed fields and counts (correlated sub-selects) are so evaluated for the page's rows,
 * never for every match SQLite would otherwise compute before sorting. With a search (costly to evaluate), the
 * total comes with the ids as `count(*) over ()`, so the search runs once; otherwise a separate COUNT(*) is cheaper
 * (it walks an index, where the window would read every matching row).
 */
export async function runPlan(
  ctx: EngineContext,
  registry: Registry,
  plan: Plan,
  extra: ExtraConditions = () => [],
): Promise<Row[] | Paginated<Row>> {
  const r = await openRead(ctx, registry, plan, extra);
  if (plan.page === null) return finish(ctx, plan, await readUnpaged(r));

  const w = pageWindow(plan.page, plan.perPage);
  const searched = plan.search !== null && !plan.sums.length;
  // A searched total comes from the count cache when no table it reads changed; otherwise with the page's ids.
  let searchCount = searched ? await lookupCount(ctx, r.countKey(), r.read) : null;
  // The search box alone, its total not kept (any write to a table it reads): the UNION of its arms is counted
  // first, without sorting it, and the page then chooses its strategy as if the total were kept, usually walking
  // the list's order (isCorrelatedSearchCheaper). The window over the sorted UNION, the page's ids and the total in
  // one statement, cost half as much again as the count (a common name, 3,000 matches, after every sale). SQLite
  // only: on PostgreSQL the count, the walk and their round trips took longer than the one statement (16 ms
  // against 13, in process after each write).
  // The search box's arms, built once: for that count, then for the page unless it is tested row by row.
  const armsRead = searched ? searchOnlyArms(r) : null;
  if (ctx.dialect === 'sqlite' && searchCount && searchCount.count === null) {
    const arms = armsRead?.arms;
    if (arms?.length) {
      const count = await searchedTotal(r.db, arms);
      searchCount.keep(count);
      searchCount = { count, keep: searchCount.keep };
    }
  }
  const withWindow = searched && searchCount?.count === null;
  if (searched && (await isCorrelatedSearchCheaper(r, w.offset, searchCount?.count ?? null))) {
    r.correlatedSearch = true;
  }
  const only = r.correlatedSearch ? null : armsRead;
  // Without search, sums or conditions of the caller, the ids and the total are compiled once per shape.
  const shape = searched || plan.sums.length ? null : plainShape(ctx, plan, r.extraCount);
  const searchedShape =
    searched && !only
      ? searchShape(ctx, plan, r.extraCount, r.lookups, r.terms, { correlated: r.correlatedSearch, withWindow })
      : null;

  let rows: Row[];
  let ids: number[];
  let idRows: IdRow[] = [];
  if (shape && ctx.dialect === 'postgres') {
    rows = await pageAndRows(r, shape, w);
    ids = rows.map((row) => row.id as number);
  } else {
    idRows = only?.arms.length
      ? await searchedPage(r.db, only.arms, only.direction, w.perPage, w.offset, withWindow)
      : searchedShape
        ? await searchedShapeIds(r, searchedShape, w, withWindow)
        : shape
          ? await plainIds(r, shape, w)
          : await genericIds(r, w, withWindow);
    ids = idRows.map((row) => row.id);
    rows = ids.length ? inIdOrder(await rowsById(ctx, registry, plan, ids), ids) : [];
  }

  const { count, sum } = await countPage(r, w, ids, idRows, shape, searchCount, withWindow);
  return { data: await finish(ctx, plan, rows), count, sum, ...pageLinks(w.page, w.perPage, count) };
}
