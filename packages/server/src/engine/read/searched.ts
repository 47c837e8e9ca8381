// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { runShaped } from '../compiled.js';
import { cachedCount, countKeyOf } from '../count-cache.js';
import type { Plan } from '../plan.js';
import { searchArms } from '../search.js';
import { literalLimit, ref } from '../sql.js';
import type { TermsParameter } from '../term-cache.js';
import type { EngineContext } from '../types.js';
import { type PageWindow, pageBounds } from './paging.js';
import type { IdRow } from './plain.js';
import { plainQuery } from './query.js';
import { type SearchShape, withValues } from './shape.js';
import type { ListRead } from './state.js';

// The searched page's strategies: the search's arms read straight from their indexes (ordered by id), or the
// search compiled once per shape, tested row by row or collected first (SQLite chooses from cached counts).

/** Beyond these many rows to test one by one, SQLite collects the search's matches from its indexes instead. */
export const CORRELATED_SEARCH_MAX_ROWS = 4_000;

/**
 * SQLite's plan for a search, chosen from exact counts the count cache makes cheap. By default a search collects
 * every match from its indexes (`id IN (...)` or a UNION), then sorts them: a few milliseconds for a common name
 * (3,000 matches), whatever the page needs. Testing the search row by row (correlated EXISTS through each path's
 * index) is far cheaper when few rows are tested:
 * - the other conditions leave few rows (a status and a location: a few hundred), or
 * - the search alone is known to match densely (its cached total against the table's): walking the list's order,
 *   the page is full after about (offset + page size) × table rows ÷ matches rows.
 * On PostgreSQL too, the row-by-row form (search.ts) keeps each EXISTS correlated (`offset 0`: not a hashed sub-plan
 * over every matching passenger) and reads the matching terms once as an array: g) on the bench, a pending
 * location's 137 bookings, 1.2 ms against 5.5 ms for the UNION. Without the cached total it must count every match
 * anyway: the UNION stays.
 */
export async function isCorrelatedSearchCheaper(r: ListRead, offset: number, matches: number | null): Promise<boolean> {
  const { ctx, registry, plan } = r;
  if (plan.search?.startsWith('#') || r.extra('r').length || plan.resource.scope?.(ctx)) return false;
  const narrowed = isNarrowed(plan);
  const countOf = (without: Plan) =>
    cachedCount(
      ctx,
      countKeyOf(ctx, registry, without),
      async () => {
        const q = plainQuery(ctx, registry, without);
        const totals = await q.base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
        return Number((totals as { count: unknown }).count);
      },
      r.read,
    );
  if (narrowed) return (await countOf({ ...plan, search: null })) <= CORRELATED_SEARCH_MAX_ROWS;
  // Walking the list's order costs little only when an index gives it: the primary key.
  if (matches === null || matches === 0 || idOrder(plan) === null) return false;
  // The walk's length is a guess: the highest id (one seek of the primary key) stands for the rows it may test. An
  // exact COUNT(*) of the table was counted again after every write, for a choice it does not change. Kept like a
  // total while the table is unchanged: a search read again costs no round trip for it.
  const { table } = plan.resource;
  const rows = await cachedCount(
    ctx,
    { key: `max(id)|${table}`, tables: [table] },
    () => highestId(r.db, table),
    r.read,
  );
  return ((offset + plan.perPage) * rows) / matches <= CORRELATED_SEARCH_MAX_ROWS;
}

async function highestId(db: Kysely<any>, table: string): Promise<number> {
  const query = sql<{
    id: number | string | null;
  }>`select max(${sql.ref('id')}) as ${sql.id('id')} from ${sql.table(table)}`;
  return Number((await query.execute(db)).rows[0]?.id ?? 0);
}

/** Filters or has/hasnot conditions narrow the list besides its search. */
const isNarrowed = (plan: Plan) => plan.filters.length > 0 || plan.has.length > 0 || plan.hasnot.length > 0;

/** A search and nothing else narrows the list (no filter, has, scope, sum, extra condition). */
export function isSearchOnly(ctx: EngineContext, plan: Plan, extraConditions: number): boolean {
  return (
    plan.search !== null &&
    !plan.filters.length &&
    !plan.has.length &&
    !plan.hasnot.length &&
    !plan.sums.length &&
    extraConditions === 0 &&
    !plan.resource.scope?.(ctx)
  );
}

/** The direction when the list is ordered by its own id alone (bookings' default order), else null. */
export function idOrder(plan: Plan): 'ASC' | 'DESC' | null {
  if (plan.order.length) {
    const [only, ...more] = plan.order;
    const isId = only?.kind === 'field' && !only.path.steps.length && only.path.name === 'id';
    return isId && !more.length ? only.direction : null;
  }
  const [only, ...more] = plan.resource.defaultOrder;
  return only?.field === 'id' && !more.length ? only.direction : null;
}

/**
 * The search box alone on a list ordered by id: its arms (searchArms), each starting from its own index, read as
 * one UNION. Null when the search is not alone, tested row by row, a `#` number on SQLite, or has no arms.
 */
export function searchOnlyArms(r: ListRead): { arms: RawBuilder<unknown>[]; direction: 'ASC' | 'DESC' } | null {
  const { ctx, registry, plan } = r;
  const direction =
    !r.correlatedSearch &&
    (ctx.dialect === 'postgres' || !(plan.search ?? '').startsWith('#')) &&
    plan.search !== null &&
    !plan.sums.length &&
    isSearchOnly(ctx, plan, r.extraCount)
      ? idOrder(plan)
      : null;
  if (!direction) return null;
  const arms = searchArms(ctx, registry, plan.resource, plan.search as string, r.aliases, r.terms);
  return arms ? { arms, direction } : null;
}

/**
 * A searched page ordered by id (the search box): the ids come straight from the UNION of the search's arms,
 * each starting from its own index, with the total as `count(*) over ()`, never joined back to the table (ids of
 * a to-many arm are foreign keys to it). The generic form, `id IN (union)` on the table, makes PostgreSQL walk
 * the whole primary key backwards to meet the window (2x slower on a common name); on SQLite the OR form costs
 * 25 % more on names. A `#` number prefix on SQLite keeps the OR form (a range on the number index, faster).
 */
export async function searchedPage(
  db: Kysely<any>,
  arms: RawBuilder<unknown>[],
  direction: 'ASC' | 'DESC',
  limit: number,
  offset: number,
  withTotal: boolean,
): Promise<IdRow[]> {
  const id = sql.ref('u.id');
  const total = withTotal ? sql`, count(*) over () as ${sql.id('__total')}` : sql``;
  const query = sql<IdRow>`select ${id} as ${sql.id('id')}${total}
    from (${sql.join(arms, sql` union `)}) as ${sql.id('u')} where ${id} is not null
    order by ${id} ${sql.raw(direction === 'DESC' ? 'desc' : 'asc')} limit ${literalLimit(limit)} offset ${offset}`;
  return (await query.execute(db)).rows;
}

/** The number of ids the UNION of the search's arms matches: the search box's total, without sorting them. */
export async function searchedTotal(db: Kysely<any>, arms: RawBuilder<unknown>[]): Promise<number> {
  const id = sql.ref('u.id');
  const query = sql<{ count: number | string }>`select count(*) as ${sql.id('count')}
    from (${sql.join(arms, sql` union `)}) as ${sql.id('u')} where ${id} is not null`;
  return Number((await query.execute(db)).rows[0]?.count ?? 0);
}

/** The ids of a searched page whose terms are all kept: compiled once per shape (searchShape) and page bounds. */
export function searchedShapeIds(
  r: ListRead,
  shape: SearchShape,
  w: PageWindow,
  withWindow: boolean,
): Promise<IdRow[]> {
  const { ctx, registry, plan } = r;
  const correlated = r.correlatedSearch;
  // Row by row under other conditions (a status and a place: a few hundred rows at most, isCorrelatedSearchCheaper),
  // PostgreSQL ordered by id would walk the whole primary key backwards, testing each row, in the hope of meeting
  // ten matches early: a place's pending bookings with five « Rousseau » among 100,000 bookings, 59 ms. `id + 0`
  // takes the order off the key: it reads the conditions' few rows from their index and sorts them (0.8 ms).
  const direction = ctx.dialect === 'postgres' && correlated && isNarrowed(plan) ? idOrder(plan) : null;
  return runShaped<IdRow>(
    r.db,
    plan.resource,
    `ids|${shape.key}|${w.boundsKey}`,
    [...shape.values, ...w.bounds],
    (v) => {
      const { filters, lookups } = shape;
      const kept = new Map(lookups.map((k, i) => [k, v[filters + i] as TermsParameter]));
      const q = plainQuery(ctx, registry, withValues(plan, v.slice(0, filters)), { correlated, terms: kept });
      const n = filters + lookups.length;
      return q.base
        .select([ref(q.root, 'id').as('id'), ...(withWindow ? [sql<number>`count(*) over ()`.as('__total')] : [])])
        .orderBy(
          direction ? sql`${ref(q.root, 'id')} + 0 ${sql.raw(direction === 'DESC' ? 'desc' : 'asc')}` : q.order(),
        )
        .$call((query) => pageBounds(query, w.perPage, w.offset && v[n]));
    },
  );
}
