import { sql } from 'kysely';
import { runShaped } from '../compiled.js';
import { ref } from '../sql.js';
import { type PageWindow, pageBounds } from './paging.js';
import { plainQuery } from './query.js';
import { type Shape, withValues } from './shape.js';
import type { ListRead } from './state.js';

/** A page's ids, and the total alongside them (`count(*) over ()`) when asked. */
export type IdRow = { id: number; __total?: number };

/** The ids of a plain page (filters, has, hasnot and order only): compiled once per shape and page bounds. */
export function plainIds(r: ListRead, shape: Shape, w: PageWindow): Promise<IdRow[]> {
  const { ctx, registry, plan } = r;
  return runShaped<IdRow>(
    r.db,
    plan.resource,
    `ids|${shape.key}|${w.boundsKey}`,
    [...shape.values, ...w.bounds],
    (v) => {
      const n = shape.values.length;
      const q = plainQuery(ctx, registry, withValues(plan, v.slice(0, n)));
      return q.base
        .select(ref(q.root, 'id').as('id'))
        .orderBy(q.order())
        .$call((query) => pageBounds(query, w.perPage, w.offset && v[n]));
    },
  );
}

/**
 * The ids of any other page (a scope, a caller's condition, sums, a `like` filter, a search whose terms are not
 * kept): built on every call from the read's own FROM and WHERE, with the total as a window when asked.
 */
export async function genericIds(r: ListRead, w: PageWindow, withWindow: boolean): Promise<IdRow[]> {
  return (await pageBounds(
    r
      .generic()
      .base.select([ref(r.root, 'id').as('id'), ...(withWindow ? [sql<number>`count(*) over ()`.as('__total')] : [])])
      .orderBy(r.generic().order),
    w.perPage,
    w.offset,
  ).execute()) as IdRow[];
}
