import type { ListQuery, Paginated } from '@app/domain';
import { runExport, runGet, runList } from './list.js';
import type { EngineContext, Row } from './types.js';
import { createRecord, deleteRecord, updateRecord } from './write.js';

// The programmatic face of the resource engine, for routes and services (planning, imports...): the same
// reads and writes as the generic HTTP routes, with the same validation and errors (400/404/409/422).
// The engine knows no entity: it serves the declarations the context carries (`ctx.registry`, set where the app
// is built), so it is tested with small declarations of its own (test/engine/own-declarations.test.ts).

export type { EngineContext, Row } from './types.js';

/** A list read of a declared resource: the plain array without `page`, a Paginated answer with it. */
export function listResource(
  ctx: EngineContext,
  name: string,
  query: ListQuery & { page: number },
): Promise<Paginated<Row>>;
export function listResource(ctx: EngineContext, name: string, query?: ListQuery): Promise<Row[] | Paginated<Row>>;
export function listResource(ctx: EngineContext, name: string, query: ListQuery = {}) {
  return runList(ctx, ctx.registry, name, query);
}

/** A list read without paging, always an array (a `page` in the query is ignored). */
export async function listRows(ctx: EngineContext, name: string, query: ListQuery = {}): Promise<Row[]> {
  const { page: _page, per_page: _perPage, sum: _sum, ...rest } = query;
  return (await runList(ctx, ctx.registry, name, rest)) as Row[];
}

/** Every row of a list query, chunk by chunk (CSV export): `page` ignored, its order and filters kept. */
export function exportResource(ctx: EngineContext, name: string, query: ListQuery): AsyncGenerator<Row[]> {
  return runExport(ctx, ctx.registry, name, query);
}

/** One record with its embeds, counts and appends; NotFoundError (404) when absent. */
export function getResource(ctx: EngineContext, name: string, id: number, query: ListQuery = {}): Promise<Row> {
  return runGet(ctx, ctx.registry, name, id, query);
}

export function createResource(ctx: EngineContext, name: string, body: unknown) {
  return createRecord(ctx, ctx.registry, name, body);
}

export function updateResource(ctx: EngineContext, name: string, id: number, body: unknown): Promise<Row> {
  return updateRecord(ctx, ctx.registry, name, id, body);
}

export function deleteResource(ctx: EngineContext, name: string, id: number): Promise<void> {
  return deleteRecord(ctx, ctx.registry, name, id);
}
