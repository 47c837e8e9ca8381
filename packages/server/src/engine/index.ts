import type { ListQuery, Paginated } from '@app/domain';
import { registry } from '../resources/index.js';
import { runGet, runList } from './list.js';
import type { EngineContext, Row } from './types.js';
import { createRecord, deleteRecord, updateRecord } from './write.js';

// The programmatic face of the resource engine, for routes and services (planning, imports...): the same
// reads and writes as the generic HTTP routes, with the same validation and errors (400/404/409/422).

export type { EngineContext, Row } from './types.js';

/** A list read of a declared resource: the plain array without `page`, a Paginated answer with it. */
export function listResource(
  ctx: EngineContext,
  name: string,
  query: ListQuery & { page: number },
): Promise<Paginated<Row>>;
export function listResource(ctx: EngineContext, name: string, query?: ListQuery): Promise<Row[] | Paginated<Row>>;
export function listResource(ctx: EngineContext, name: string, query: ListQuery = {}) {
  return runList(ctx, registry, name, query);
}

/** A list read without paging, always an array (a `page` in the query is ignored). */
export async function listRows(ctx: EngineContext, name: string, query: ListQuery = {}): Promise<Row[]> {
  const { page: _page, per_page: _perPage, sum: _sum, ...rest } = query;
  return (await runList(ctx, registry, name, rest)) as Row[];
}

/** One record with its embeds, counts and appends; NotFoundError (404) when absent. */
export function getResource(ctx: EngineContext, name: string, id: number, query: ListQuery = {}): Promise<Row> {
  return runGet(ctx, registry, name, id, query);
}

export function createResource(ctx: EngineContext, name: string, body: unknown) {
  return createRecord(ctx, registry, name, body);
}

export function updateResource(ctx: EngineContext, name: string, id: number, body: unknown): Promise<Row> {
  return updateRecord(ctx, registry, name, id, body);
}

export function deleteResource(ctx: EngineContext, name: string, id: number): Promise<void> {
  return deleteRecord(ctx, registry, name, id);
}
