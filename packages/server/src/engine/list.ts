// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import type { ListQuery, Paginated } from '@app/domain';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { BadRequestError, NotFoundError } from '../core/errors.js';
import { pruneForApiClient } from './api-client-scope.js';
import { runShaped } from './compiled.js';
import {
  type CountKey,
  cachedCount,
  countKeyOf,
  lookupCount,
  type VersionReader,
  versionReader,
} from './count-cache.js';
import { foldedSelections, foldKind, loadFoldedAndEmbeds } from './embed.js';
import { filterCondition } from './filter.js';
import { existsCondition } from './has.js';
import { MAX_UNPAGED_ROWS } from './limits.js';
import { queryMessages } from './messages.js';
import { orderExpressions, orderSql } from './order.js';
import type { FilterValue, Plan } from './plan.js';
import type { Step } from './resolve.js';
import { fieldExpression } from './resolve.js';
import { searchArms, searchCondition, searchTermsLookups } from './search.js';
import { countSelections, fieldSelections, unpackShared } from './select.js';
import { Aliases, and, literalLimit, ref } from './sql.js';
import { lookupKey, type ResolvedTerms, resolveTerms, type TermsLookup, type TermsParameter } from './term-cache.js';
import type { EngineContext, Registry, Resource, Row } from './types.js';
import { validateQuery } from './validate.js';

// The list read, stage by stage: validate (validate.ts) → where (filters, search, has/hasnot, scope) →
// order → page → select fields and counts → embeds → appends. Each stage is its own module.

function whereOf(
  ctx: EngineContext,
  registry: Registry,
  plan: Plan,
  alias: string,
  aliases: Aliases,
  correlatedSearch = false,
  terms?: ResolvedTerms,
) {
  const parts: RawBuilder<SqlBool>[] = [];
  const scope = plan.resource.scope?.(ctx);
  if (scope) parts.push(scope(alias));
  for (const f of plan.filters) parts.push(filterCondition(ctx, registry, f, alias, aliases));
  if (plan.search)
    parts.push(searchCondition(ctx, registry, plan.resource, plan.search, alias, aliases, correlatedSearch, terms));
  for (const steps of plan.has) parts.push(existsCondition(registry, steps, alias, aliases));
  for (const steps of plan.hasnot) parts.push(sql<SqlBool>`not ${existsCondition(registry, steps, alias, aliases)}`);
  return parts;
}

/** Embeds (the folded ones come with the rows: rowsById and the unpaged read select them) and appends. */
async function finish(ctx: EngineContext, plan: Plan, rows: Row[]): Promise<Row[]> {
  unpackShared(plan.resource, rows);
  await loadFoldedAndEmbeds(ctx, rows, plan.embeds, plan.foldsLists);
  for (const append of plan.appends) await append.run(ctx, rows);
  await plan.resource.afterRead?.(ctx, rows);
  return rows;
}

async function runPlan(
  ctx: EngineContext,
  registry: Registry,
  plan: Plan,
  extra: (alias: string) => RawBuilder<SqlBool>[] = () => [],
): Promise<Row[] | Paginated<Row>> {
  const db = ctx.db as unknown as Kysely<any>;
  const aliases = new Aliases();
  const root = aliases.take();
  // Built on first use only: the compiled shapes below (plainShape, searchedPage) do without them.
  let built: { base: any; order: RawBuilder<unknown> } | null = null;
  // SQLite: the search tested row by row on the rows the rest leaves (isCorrelatedSearchCheaper), set before use.
  let correlatedSearch = false;
  // The tables' versions, read once for every cache this read consults (the search's terms and totals).
  const knownVersions = new Map<string, string>();
  const read = versionReader(knownVersions);
  let key: CountKey | null | undefined;
  const countKey = () => {
    if (key === undefined) key = countKeyOf(ctx, registry, plan);
    return key;
  };
  const searchKey = plan.search ? countKey() : null;
  if (searchKey && !db.isTransaction) await read(db, searchKey.tables);
  // SQLite: the terms the search text matches, read once per text while their tables are unchanged.
  const lookups = plan.search ? searchTermsLookups(registry, plan.resource, plan.search) : [];
  const terms = plan.search ? await resolveTerms(ctx, lookups, read) : undefined;
  const generic = () => {
    if (!built) {
      const where = and([...extra(root), ...whereOf(ctx, registry, plan, root, aliases, correlatedSearch, terms)]);
      built = {
        base: db.selectFrom(`${plan.resource.table} as ${root}`).where(where),
        order: orderSql(orderExpressions(registry, plan.resource, plan.order, root, aliases)),
      };
    }
    return built;
  };

  if (plan.page === null) {
    // One row past the ceiling tells that there are more, without reading them all.
    const limit = MAX_UNPAGED_ROWS + 1;
    // Filters only (a booking's passengers): compiled once per shape, like a page's ids.
    const shape = plainShape(ctx, plan, extra(root).length);
    const rows = shape
      ? await runShaped<Row>(db, plan.resource, `all|${shape.key}|${rowsKey(plan)}`, shape.values, (v) => {
          const q = plainQuery(ctx, registry, withValues(plan, v));
          return q.base
            .select(rowSelections(ctx, registry, plan, q.root, q.aliases))
            .orderBy(q.order())
            .limit(literalLimit(limit));
        })
      : ((await generic()
          .base.select(rowSelections(ctx, registry, plan, root, aliases))
          .orderBy(generic().order)
          .limit(literalLimit(limit))
          .execute()) as Row[]);
    if (rows.length > MAX_UNPAGED_ROWS) throw new BadRequestError(queryMessages.tooManyRows(MAX_UNPAGED_ROWS));
    return finish(ctx, plan, rows);
  }

  // A page is read in two steps (a "deferred join"): the ids of the page first, ordered and limited, then
  // the full rows of those ids only. Computed fields and counts (correlated sub-selects) are so evaluated
  // for the page's rows, never for every match SQLite would otherwise compute before sorting.
  // With a search (costly to evaluate), the total comes with the ids as `count(*) over ()`, so the search
  // runs once; otherwise a separate COUNT(*) is cheaper (it walks an index, where the window would read
  // every matching row).
  const { page, perPage } = plan;
  const offset = (page - 1) * perPage;
  // A compiled page's bounds: the offset is one of its values past the first page only (pageBounds).
  const bounds = offset ? [offset] : [];
  const boundsKey = `${perPage}|${offset ? 'offset' : 'first'}`;
  const searched = plan.search !== null && !plan.sums.length;
  // A searched total comes from the count cache when no table it reads changed; otherwise with the page's ids.
  const searchCount = searched ? await lookupCount(ctx, countKey(), read) : null;
  const withWindow = searched && searchCount?.count === null;
  if (
    searched &&
    (await isCorrelatedSearchCheaper(ctx, registry, plan, offset, searchCount?.count ?? null, extra, read))
  ) {
    correlatedSearch = true;
  }
  const searchOnly =
    !correlatedSearch &&
    (ctx.dialect === 'postgres' || !(plan.search ?? '').startsWith('#')) &&
    searched &&
    isSearchOnly(ctx, plan, extra(root).length)
      ? idOrder(plan)
      : null;
  const arms = searchOnly ? searchArms(ctx, registry, plan.resource, plan.search as string, aliases, terms) : null;
  // Without search, sums or conditions of the caller, the ids and the total are compiled once per shape.
  const shape = searched || plan.sums.length ? null : plainShape(ctx, plan, extra(root).length);
  // PostgreSQL: a plain page's ids and its rows in one statement (a CTE), one round trip instead of two.
  const pageAndRows = shape && ctx.dialect === 'postgres';
  const searchedShape =
    searched && !arms
      ? searchShape(ctx, plan, extra(root).length, lookups, terms, { correlated: correlatedSearch, withWindow })
      : null;
  const idRows = (
    pageAndRows
      ? []
      : arms?.length
        ? await searchedPage(db, arms, searchOnly as 'ASC' | 'DESC', perPage, offset, withWindow)
        : searchedShape
          ? await runShaped(
              db,
              plan.resource,
              `ids|${searchedShape.key}|${boundsKey}`,
              [...searchedShape.values, ...bounds],
              (v) => {
                const { filters, lookups } = searchedShape;
                const kept = new Map(lookups.map((k, i) => [k, v[filters + i] as TermsParameter]));
                const q = plainQuery(ctx, registry, withValues(plan, v.slice(0, filters)), {
                  correlated: correlatedSearch,
                  terms: kept,
                });
                const n = filters + lookups.length;
                return q.base
                  .select([
                    ref(q.root, 'id').as('id'),
                    ...(withWindow ? [sql<number>`count(*) over ()`.as('__total')] : []),
                  ])
                  .orderBy(q.order())
                  .$call((query) => pageBounds(query, perPage, offset && v[n]));
              },
            )
          : shape
            ? await runShaped(db, plan.resource, `ids|${shape.key}|${boundsKey}`, [...shape.values, ...bounds], (v) => {
                const n = shape.values.length;
                const q = plainQuery(ctx, registry, withValues(plan, v.slice(0, n)));
                return q.base
                  .select(ref(q.root, 'id').as('id'))
                  .orderBy(q.order())
                  .$call((query) => pageBounds(query, perPage, offset && v[n]));
              })
            : await pageBounds(
                generic()
                  .base.select([
                    ref(root, 'id').as('id'),
                    ...(withWindow ? [sql<number>`count(*) over ()`.as('__total')] : []),
                  ])
                  .orderBy(generic().order),
                perPage,
                offset,
              ).execute()
  ) as { id: number; __total?: number }[];
  let rows: Row[];
  let ids: number[];
  if (shape && pageAndRows) {
    // The versions of the tables its total depends on come with the page (one statement, one snapshot): the count
    // cache then needs no round trip of its own (list a: three round trips become two).
    const versionTables = countKey()?.tables ?? [];
    rows = await runShaped<Row>(
      db,
      plan.resource,
      `page|${shape.key}|${boundsKey}|${rowsKey(plan)}|${versionTables.join(',')}`,
      [...shape.values, ...bounds],
      (v) => {
        const n = shape.values.length;
        const q = plainQuery(ctx, registry, withValues(plan, v.slice(0, n)));
        const page = q.base
          .select([ref(q.root, 'id').as('id'), sql<number>`row_number() over (order by ${q.order()})`.as('__pos')])
          .orderBy(q.order())
          .$call((query) => pageBounds(query, perPage, offset && v[n]));
        const aliases = new Aliases();
        const outer = aliases.take();
        return (db as any)
          .with('__page', () => page)
          .selectFrom(`${plan.resource.table} as ${outer}`)
          .innerJoin('__page', (join: any) => join.on(sql<SqlBool>`${sql.ref('__page.id')} = ${ref(outer, 'id')}`))
          .select([
            ...rowSelections(ctx, registry, plan, outer, aliases),
            ...(versionTables.length
              ? [
                  // Table names from the declarations, not from the request: literals keep the shape's values.
                  sql`(select json_object_agg(name, version) from table_versions where name in (${sql.join(
                    versionTables.map((t) => sql.lit(t)),
                  )}))`.as('__versions'),
                ]
              : []),
          ])
          .orderBy(sql.ref('__page.__pos'));
      },
    );
    const withVersions = rows[0]?.__versions as Record<string, string | number> | null | undefined;
    if (withVersions)
      for (const [name, version] of Object.entries(withVersions)) knownVersions.set(name, String(version));
    for (const row of rows) delete row.__versions;
    ids = rows.map((r) => r.id as number);
  } else {
    ids = idRows.map((r) => r.id);
    rows = ids.length ? await rowsById(ctx, registry, plan, ids) : [];
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => (position.get(a.id as number) ?? 0) - (position.get(b.id as number) ?? 0));
  }

  let count: number;
  let sum: Record<string, number> | null = null;
  const isLastPage = ids.length > 0 && ids.length < perPage;
  if (searchCount?.count != null) {
    count = searchCount.count;
  } else if (withWindow && idRows[0]) {
    count = Number(idRows[0].__total);
    searchCount?.keep(count);
  } else if (!plan.sums.length && (isLastPage || (page === 1 && ids.length === 0))) {
    // The page itself tells the total: skip the COUNT(*) (short lists, last pages).
    count = offset + ids.length;
  } else if (shape) {
    count = await cachedCount(
      ctx,
      countKey(),
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
      read,
    );
  } else if (!plan.sums.length && !extra(root).length) {
    count = await cachedCount(
      ctx,
      countKey(),
      async () => {
        const totals = await generic().base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
        return Number((totals as { count: unknown }).count);
      },
      read,
    );
  } else {
    const totals = (await generic()
      .base.select([
        sql<number>`count(*)`.as('count'),
        ...plan.sums.map((s, i) => sql`sum(${fieldExpression(s.name, s.field, root)})`.as(`s${i}`)),
      ])
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    count = Number(totals.count);
    if (plan.sums.length) sum = Object.fromEntries(plan.sums.map((s, i) => [s.name, Number(totals[`s${i}`] ?? 0)]));
  }
  const lastPage = Math.max(1, Math.ceil(count / perPage));
  return {
    data: await finish(ctx, plan, rows),
    count,
    sum,
    prev: page > 1 ? Math.min(page - 1, lastPage) : null,
    next: page < lastPage ? page + 1 : null,
  };
}

/**
 * The shape of a paged read narrowed by filters, has and hasnot only (no search, sum, scope or caller condition):
 * a key naming everything that makes its SQL text, and its filter values in order. Null when some part of the SQL
 * depends on a value (a `like` match picks its strategy from the text).
 */
function plainShape(
  ctx: EngineContext,
  plan: Plan,
  extraConditions: number,
  withSearch = false,
): { key: string; values: unknown[] } | null {
  if ((plan.search !== null && !withSearch) || plan.sums.length || extraConditions || plan.resource.scope?.(ctx)) {
    return null;
  }
  const parts: string[] = [];
  const values: unknown[] = [];
  for (const f of plan.filters) {
    if (f.op === 'like') return null;
    if (Array.isArray(f.value)) {
      parts.push(`${f.path.path}|${f.op}|${f.value.length}`);
      values.push(...f.value);
    } else if (f.op === 'null' || f.op === 'notnull') {
      parts.push(`${f.path.path}|${f.op}`);
    } else {
      parts.push(`${f.path.path}|${f.op}|1`);
      values.push(f.value);
    }
  }
  const steps = (list: Step[]) => list.map((st) => st.name).join('.');
  for (const h of plan.has) parts.push(`has ${steps(h)}`);
  for (const h of plan.hasnot) parts.push(`hasnot ${steps(h)}`);
  for (const o of plan.order)
    parts.push(`order ${o.kind === 'count' ? `#${o.step.name}` : o.path.path} ${o.direction}`);
  return { key: parts.join(';'), values };
}

/** The plan with its filter values replaced, in plainShape's order (markers when a shape is compiled). */
function withValues(plan: Plan, values: readonly unknown[]): Plan {
  let i = 0;
  const filters = plan.filters.map((f) => {
    if (Array.isArray(f.value)) {
      const list = values.slice(i, i + f.value.length) as FilterValue[];
      i += f.value.length;
      return { ...f, value: list };
    }
    if (f.op === 'null' || f.op === 'notnull') return f;
    i += 1;
    return { ...f, value: values[i - 1] as FilterValue };
  });
  return { ...plan, filters };
}

/**
 * The shape of a searched page (the search box, alone or beside filters) once every term lookup of its text is
 * resolved (term-cache.ts): the filters' shape, the plan chosen for the search, and the kept terms of each lookup as
 * values after the filters'. Its ids are then compiled once per shape like a plain page's: built by Kysely on every
 * call, a searched status list spent a third of its time there (bench g). Null when some lookup is not kept (its
 * statement then binds the text itself: a `#` number, a short or letterless text, too many terms): built as before.
 * runShaped refuses to keep a shape binding any value that is not one of these, so the rule holds by construction.
 */
function searchShape(
  ctx: EngineContext,
  plan: Plan,
  extraConditions: number,
  termsLookups: readonly TermsLookup[],
  terms: ResolvedTerms | undefined,
  options: { correlated: boolean; withWindow: boolean },
): { key: string; values: unknown[]; filters: number; lookups: string[] } | null {
  const text = plan.search;
  if (text === null || text.startsWith('#') || !terms) return null;
  const lookups = termsLookups.map(lookupKey);
  if (!lookups.length || !lookups.every((k) => terms.has(k))) return null;
  const filters = plainShape(ctx, plan, extraConditions, true);
  if (!filters) return null;
  const how = `${options.correlated ? 'row-by-row' : 'collected'}${options.withWindow ? '+total' : ''}`;
  return {
    key: `search|${how}|${lookups.length}|${filters.key}`,
    values: [...filters.values, ...lookups.map((k) => terms.get(k))],
    filters: filters.values.length,
    lookups,
  };
}

/** The FROM and WHERE of a plan (no caller condition), and its ORDER BY, on fresh aliases. */
function plainQuery(
  ctx: EngineContext,
  registry: Registry,
  plan: Plan,
  search: { correlated: boolean; terms: ResolvedTerms } | null = null,
) {
  const db = ctx.db as unknown as Kysely<any>;
  const aliases = new Aliases();
  const root = aliases.take();
  const base = db
    .selectFrom(`${plan.resource.table} as ${root}`)
    .where(and(whereOf(ctx, registry, plan, root, aliases, search?.correlated, search?.terms)));
  const order = () => orderSql(orderExpressions(registry, plan.resource, plan.order, root, aliases));
  return { base, root, aliases, order };
}

/** Beyond these many rows to test one by one, SQLite collects the search's matches from its indexes instead. */
const CORRELATED_SEARCH_MAX_ROWS = 4_000;

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
async function isCorrelatedSearchCheaper(
  ctx: EngineContext,
  registry: Registry,
  plan: Plan,
  offset: number,
  matches: number | null,
  extra: (alias: string) => RawBuilder<SqlBool>[],
  read: VersionReader,
): Promise<boolean> {
  if (plan.search?.startsWith('#') || extra('r').length || plan.resource.scope?.(ctx)) return false;
  const narrowed = plan.filters.length > 0 || plan.has.length > 0 || plan.hasnot.length > 0;
  const countOf = (without: Plan) =>
    cachedCount(
      ctx,
      countKeyOf(ctx, registry, without),
      async () => {
        const q = plainQuery(ctx, registry, without);
        const totals = await q.base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
        return Number((totals as { count: unknown }).count);
      },
      read,
    );
  if (narrowed) return (await countOf({ ...plan, search: null })) <= CORRELATED_SEARCH_MAX_ROWS;
  // Walking the list's order costs little only when an index gives it: the primary key.
  if (matches === null || matches === 0 || idOrder(plan) === null) return false;
  const rows = await countOf({ ...plan, search: null });
  return ((offset + plan.perPage) * rows) / matches <= CORRELATED_SEARCH_MAX_ROWS;
}

/** A search and nothing else narrows the list (no filter, has, scope, sum, extra condition). */
function isSearchOnly(ctx: EngineContext, plan: Plan, extraConditions: number): boolean {
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
function idOrder(plan: Plan): 'ASC' | 'DESC' | null {
  if (plan.order.length) {
    const [only, ...more] = plan.order;
    const isId = only?.kind === 'field' && !only.path.steps.length && only.path.name === 'id';
    return isId && !more.length ? only.direction : null;
  }
  const [only, ...more] = plan.resource.defaultOrder;
  return only?.field === 'id' && !more.length ? only.direction : null;
}

/**
 * A page's LIMIT and OFFSET. The limit is a literal: PostgreSQL plans a prepared statement whose LIMIT is a
 * parameter again on every call (its generic plan, made for an unknown limit, sorts every match: 13 ms instead of
 * 0.5 for the pending list), which cost each list read 0.6 ms of planning. The offset is left out on the first
 * page, most reads, and bound on later ones, so that paging does not make one statement text per page. Both are
 * integers the engine computed from the validated page and per_page, never request text.
 */
function pageBounds<Q extends { limit(limit: unknown): Q; offset(offset: unknown): Q }>(
  query: Q,
  perPage: number,
  offset: unknown,
): Q {
  if (!Number.isSafeInteger(perPage) || perPage < 1) throw new Error(`Taille de page inattendue : ${perPage}`);
  const limited = query.limit(literalLimit(perPage));
  return offset === 0 ? limited : limited.offset(offset);
}

/**
 * A searched page ordered by id (the search box): the ids come straight from the UNION of the search's arms,
 * each starting from its own index, with the total as `count(*) over ()`, never joined back to the table (ids of
 * a to-many arm are foreign keys to it). The generic form, `id IN (union)` on the table, makes PostgreSQL walk
 * the whole primary key backwards to meet the window (2x slower on a common name); on SQLite the OR form costs
 * 25 % more on names. A `#` number prefix on SQLite keeps the OR form (a range on the number index, faster).
 */
async function searchedPage(
  db: Kysely<any>,
  arms: RawBuilder<unknown>[],
  direction: 'ASC' | 'DESC',
  limit: number,
  offset: number,
  withTotal: boolean,
): Promise<{ id: number; __total?: number }[]> {
  const id = sql.ref('u.id');
  const total = withTotal ? sql`, count(*) over () as ${sql.id('__total')}` : sql``;
  const query = sql<{
    id: number;
    __total?: number;
  }>`select ${id} as ${sql.id('id')}${total}
    from (${sql.join(arms, sql` union `)}) as ${sql.id('u')} where ${id} is not null
    order by ${id} ${sql.raw(direction === 'DESC' ? 'desc' : 'asc')} limit ${literalLimit(limit)} offset ${offset}`;
  return (await query.execute(db)).rows;
}

/**
 * The rows of the given ids with their fields and counts: one shape per (resource, counts, number of ids),
 * compiled once (compiled.ts). Its sub-selects take their own aliases after the root's `r0`.
 */
function rowsById(ctx: EngineContext, registry: Registry, plan: Plan, ids: readonly unknown[]): Promise<Row[]> {
  const db = ctx.db as unknown as Kysely<any>;
  return runShaped<Row>(db, plan.resource, rowsKey(plan), ids, (values) => {
    const aliases = new Aliases();
    const root = aliases.take();
    return db
      .selectFrom(`${plan.resource.table} as ${root}`)
      .select(rowSelections(ctx, registry, plan, root, aliases))
      .where(sql<SqlBool>`${ref(root, 'id')} in (${sql.join(values)})`);
  });
}

/** What a row of the page answers: its fields, its counts and its folded embeds (embed.ts). */
function rowSelections(ctx: EngineContext, registry: Registry, plan: Plan, root: string, aliases: Aliases) {
  return [
    ...fieldSelections(plan.resource, root, ctx),
    ...countSelections(registry, plan.counts, root, aliases),
    ...foldedSelections(ctx, plan.embeds, root, plan.foldsLists),
  ];
}

/** Names everything but the ids that makes rowSelections' SQL: the counts and the folded embeds asked. */
function rowsKey(plan: Plan): string {
  const folded = plan.embeds.filter((e) => foldKind(e, plan.foldsLists)).map((e) => e.name);
  return `rows|${plan.counts.map((c) => c.name).join(',')}|${folded.join(',')}`;
}

function resourceOf(registry: Registry, name: string): Resource {
  const resource = registry.get(name);
  if (!resource) throw new Error(`Ressource inconnue : ${name}`);
  return resource;
}

/** A list read: the plain array without `page`, `{data, count, sum, prev, next}` with it. */
export async function runList(
  ctx: EngineContext,
  registry: Registry,
  name: string,
  query: ListQuery,
): Promise<Row[] | Paginated<Row>> {
  const resource = resourceOf(registry, name);
  const isApiClient = ctx.auth?.kind === 'api-client';
  const plan = validateQuery(registry, resource, query, { isApiClient });
  const answer = await runPlan(ctx, registry, plan);
  if (isApiClient) pruneForApiClient(plan, Array.isArray(answer) ? answer : answer.data);
  return answer;
}

/** Rows of an export (CSV) read at a time: the ids of the whole answer first, then their rows by chunks. */
export const EXPORT_CHUNK = 500;
/** Rows one export may answer: far above any operator's data, a bound on the ids held in memory. */
export const MAX_EXPORT_ROWS = 1_000_000;

/**
 * Every row of a list query (its filters, search and order; `page` ignored), in chunks: the ordered ids of the
 * whole answer in one read (a snapshot: rows written meanwhile neither repeat nor shift the chunks), then the
 * rows of each chunk with their embeds and appends. Memory holds the ids and one chunk, never the answer.
 */
export async function* runExport(
  ctx: EngineContext,
  registry: Registry,
  name: string,
  query: ListQuery,
): AsyncGenerator<Row[]> {
  const resource = resourceOf(registry, name);
  const isApiClient = ctx.auth?.kind === 'api-client';
  const { page: _page, per_page: _perPage, sum: _sum, ...rest } = query;
  const plan = validateQuery(registry, resource, rest, { isApiClient });
  const db = ctx.db as unknown as Kysely<any>;
  const aliases = new Aliases();
  const root = aliases.take();
  const idRows = (await db
    .selectFrom(`${resource.table} as ${root}`)
    .where(and(whereOf(ctx, registry, plan, root, aliases)))
    .select(ref(root, 'id').as('id'))
    .orderBy(orderSql(orderExpressions(registry, resource, plan.order, root, aliases)))
    .limit(literalLimit(MAX_EXPORT_ROWS + 1))
    .execute()) as { id: number }[];
  if (idRows.length > MAX_EXPORT_ROWS) throw new BadRequestError(queryMessages.tooManyRows(MAX_EXPORT_ROWS));
  for (let start = 0; start < idRows.length; start += EXPORT_CHUNK) {
    const ids = idRows.slice(start, start + EXPORT_CHUNK).map((r) => r.id);
    const rows = await rowsById(ctx, registry, plan, ids);
    const position = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => (position.get(a.id as number) ?? 0) - (position.get(b.id as number) ?? 0));
    await finish(ctx, plan, rows);
    if (isApiClient) pruneForApiClient(plan, rows);
    yield rows;
  }
}

/** A detail read: the list machinery on one id (embed, count, append apply); 404 when absent or out of scope. */
export async function runGet(
  ctx: EngineContext,
  registry: Registry,
  name: string,
  id: number,
  query: ListQuery = {},
): Promise<Row> {
  const resource = resourceOf(registry, name);
  const isApiClient = ctx.auth?.kind === 'api-client';
  const plan = validateQuery(registry, resource, query, { detail: true, isApiClient });
  // Without conditions of its own (filters, search, has, a scope), a detail read is the rows-by-id read of a page.
  const isPlain =
    !plan.filters.length && plan.search === null && !plan.has.length && !plan.hasnot.length && !resource.scope?.(ctx);
  const rows = isPlain
    ? await finish(ctx, plan, await rowsById(ctx, registry, plan, [id]))
    : ((await runPlan(ctx, registry, plan, (alias) => [sql<SqlBool>`${ref(alias, 'id')} = ${id}`])) as Row[]);
  const row = rows[0];
  if (!row) throw new NotFoundError();
  if (isApiClient) pruneForApiClient(plan, [row]);
  return row;
}
