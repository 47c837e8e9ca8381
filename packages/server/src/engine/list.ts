// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import type { ListQuery, Paginated } from '@app/domain';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { NotFoundError } from '../http/errors.js';
import { loadEmbeds } from './embed.js';
import { filterCondition } from './filter.js';
import { existsCondition } from './has.js';
import { orderExpressions, orderSql } from './order.js';
import { fieldExpression } from './resolve.js';
import { searchCondition } from './search.js';
import { countSelections, fieldSelections } from './select.js';
import { Aliases, and, ref } from './sql.js';
import type { EngineContext, Registry, Resource, Row } from './types.js';
import { type Plan, validateQuery } from './validate.js';

// The list read, stage by stage: validate (validate.ts) → where (filters, search, has/hasnot, scope) →
// order → page → select fields and counts → embeds → appends. Each stage is its own module.

function whereOf(ctx: EngineContext, registry: Registry, plan: Plan, alias: string, aliases: Aliases) {
  const parts: RawBuilder<SqlBool>[] = [];
  const scope = plan.resource.scope?.(ctx);
  if (scope) parts.push(scope(alias));
  for (const f of plan.filters) parts.push(filterCondition(ctx, registry, f, alias, aliases));
  if (plan.search) parts.push(searchCondition(ctx, registry, plan.resource, plan.search, alias, aliases));
  for (const steps of plan.has) parts.push(existsCondition(registry, steps, alias, aliases));
  for (const steps of plan.hasnot) parts.push(sql<SqlBool>`not ${existsCondition(registry, steps, alias, aliases)}`);
  return parts;
}

async function finish(ctx: EngineContext, plan: Plan, rows: Row[]): Promise<Row[]> {
  await loadEmbeds(ctx, rows, plan.embeds);
  for (const append of plan.appends) await append.run(ctx, rows);
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
  const where = and([...extra(root), ...whereOf(ctx, registry, plan, root, aliases)]);
  const base = db.selectFrom(`${plan.resource.table} as ${root}`).where(where);
  const data = base
    .select([...fieldSelections(plan.resource, root), ...countSelections(registry, plan.counts, root, aliases)])
    .orderBy(orderSql(orderExpressions(registry, plan.resource, plan.order, root, aliases)));

  if (plan.page === null) return finish(ctx, plan, (await data.execute()) as Row[]);

  const { page, perPage } = plan;
  const offset = (page - 1) * perPage;
  const rows = (await data.limit(perPage).offset(offset).execute()) as Row[];
  let count: number;
  let sum: Record<string, number> | null = null;
  const isLastPage = rows.length > 0 && rows.length < perPage;
  if (!plan.sums.length && (isLastPage || (page === 1 && rows.length === 0))) {
    // The page itself tells the total: skip the COUNT(*) (cheap win on short lists and last pages).
    count = offset + rows.length;
  } else {
    const totals = (await base
      .select([
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
  return runPlan(ctx, registry, validateQuery(registry, resource, query));
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
  const plan = validateQuery(registry, resource, query, { detail: true });
  const rows = (await runPlan(ctx, registry, plan, (alias) => [sql<SqlBool>`${ref(alias, 'id')} = ${id}`])) as Row[];
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return row;
}
