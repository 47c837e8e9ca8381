// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import type { ListQuery, Paginated } from '@app/domain';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { BadRequestError, NotFoundError } from '../core/errors.js';
import { pruneForApiClient } from './api-client-scope.js';
import { queryMessages } from './messages.js';
import { orderExpressions, orderSql } from './order.js';
import { runPlan } from './read/index.js';
import { finish, inIdOrder, rowsById, whereOf } from './read/query.js';
import { Aliases, and, literalLimit, ref } from './sql.js';
import type { EngineContext, Registry, Resource, Row } from './types.js';
import { validateQuery } from './validate.js';

// The engine's reads: a list (runList), an export in chunks (runExport) and a detail (runGet). Each validates the
// query into a plan (validate.ts), then reads it through the stages of read/ (read/index.ts names them).

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
    const rows = inIdOrder(await rowsById(ctx, registry, plan, ids), ids);
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
