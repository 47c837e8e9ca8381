// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { runShaped } from '../compiled.js';
import { foldedSelections, foldKind, loadFoldedAndEmbeds } from '../embed.js';
import { filterCondition } from '../filter.js';
import { existsCondition } from '../has.js';
import { orderExpressions, orderSql } from '../order.js';
import type { Plan } from '../plan.js';
import { searchCondition } from '../search.js';
import { countSelections, fieldSelections, unpackShared } from '../select.js';
import { Aliases, and, ref } from '../sql.js';
import type { ResolvedTerms } from '../term-cache.js';
import type { EngineContext, Registry, Row } from '../types.js';

// The pieces every way of reading a list shares: its WHERE (filters, search, has/hasnot, scope), its FROM and
// ORDER BY on fresh aliases, the rows of chosen ids with their fields and counts, and the last stage (embeds,
// appends) once the rows are known.

/** The conditions of a plan on `alias`: the resource's scope, filters, search, has and hasnot. */
export function whereOf(
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

/** The FROM and WHERE of a plan (no caller condition), and its ORDER BY, on fresh aliases. */
export function plainQuery(
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

/** What a row of the page answers: its fields, its counts and its folded embeds (embed.ts). */
export function rowSelections(ctx: EngineContext, registry: Registry, plan: Plan, root: string, aliases: Aliases) {
  return [
    ...fieldSelections(plan.resource, root, ctx),
    ...countSelections(registry, plan.counts, root, aliases),
    ...foldedSelections(ctx, plan.embeds, root, plan.foldsLists),
  ];
}

/** Names everything but the ids that makes rowSelections' SQL: the counts and the folded embeds asked. */
export function rowsKey(plan: Plan): string {
  const folded = plan.embeds.filter((e) => foldKind(e, plan.foldsLists)).map((e) => e.name);
  return `rows|${plan.counts.map((c) => c.name).join(',')}|${folded.join(',')}`;
}

/**
 * The rows of the given ids with their fields and counts: one shape per (resource, counts, number of ids),
 * compiled once (compiled.ts). Its sub-selects take their own aliases after the root's `r0`.
 */
export function rowsById(ctx: EngineContext, registry: Registry, plan: Plan, ids: readonly unknown[]): Promise<Row[]> {
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

/** Rows put back in the order of their ids (a read by ids answers in the table's order). */
export function inIdOrder(rows: Row[], ids: readonly number[]): Row[] {
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id as number) ?? 0) - (position.get(b.id as number) ?? 0));
  return rows;
}

/** Embeds (the folded ones come with the rows: rowsById and the unpaged read select them) and appends. */
export async function finish(ctx: EngineContext, plan: Plan, rows: Row[]): Promise<Row[]> {
  unpackShared(plan.resource, rows);
  await loadFoldedAndEmbeds(ctx, rows, plan.embeds, plan.foldsLists);
  for (const append of plan.appends) await append.run(ctx, rows);
  await plan.resource.afterRead?.(ctx, rows);
  return rows;
}
