import type { ListQuery, OrderItem, Paginated } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { api, type RequestOptions, request } from './client';
import { ENTITY_PATHS, type Entity, entityKey } from './entities';

// A read names what it asks (its entity and parameters) and how to ask it; useApiQuery runs it. Its query key is
// derived here, never written by a screen.

export type ApiRead<T> = {
  readonly key: readonly unknown[];
  readonly read: (signal: AbortSignal) => Promise<T>;
};

/** A read of `entity` told apart from its other reads by `params` (plain values: they are the key's tail). */
export function apiRead<T>(
  entity: Entity,
  params: readonly unknown[],
  read: (signal: AbortSignal) => Promise<T>,
): ApiRead<T> {
  return { key: [...entityKey(entity), ...params], read };
}

/** The generic reads and writes of a resource endpoint (list, one record, create, update, delete). */
export function resource<T = unknown>(entity: Entity) {
  const path = ENTITY_PATHS[entity];
  return {
    path,
    /** Every row of the query (no paging). */
    list: <R = T>(query: ListQuery = {}) =>
      apiRead<R[]>(entity, ['list', query], (signal) => api.list<R>(path, query, signal)),
    /** One page of the query ({data, count, ...}): searches that show the first matches. */
    page: <R = T>(query: ListQuery & { page: number }) =>
      apiRead<Paginated<R>>(entity, ['page', query], (signal) => api.page<R>(path, query, signal)),
    /** How many rows match (a one-row page's count: the server counts exactly, nothing travels). */
    count: (query: ListQuery = {}) =>
      apiRead<number>(entity, ['count', query], (signal) =>
        api.page<unknown>(path, { ...query, page: 1, per_page: 1 }, signal).then((answer) => answer.count),
      ),
    one: <R = T>(id: number, query: ListQuery = {}) =>
      apiRead<R>(entity, ['one', id, query], (signal) => api.one<R>(path, id, query, signal)),
    create: <R = T>(body: unknown) => api.create<R>(path, body),
    update: <R = T>(id: number, body: unknown) => api.update<R>(path, id, body),
    remove: (id: number) => api.remove(path, id),
  };
}

/** GET of a path that answers one document (a report, a log) under `entity`'s key. */
export const getRead = <T>(entity: Entity, path: string, params: readonly unknown[] = []) =>
  apiRead<T>(entity, params, (signal) => api.get<T>(path, undefined, signal));

/** A read sent as POST (the planning's ranges and days ask with a body). */
export const postRead = <T>(entity: Entity, path: string, body: unknown, params: readonly unknown[]) =>
  apiRead<T>(entity, params, (signal) => request<T>(path, { method: 'POST', body, signal } satisfies RequestOptions));

/** A read of a path a definition names (an option loader's endpoint), keyed on that path. */
export const pathRead = <T>(path: string, params: readonly unknown[], read: (signal: AbortSignal) => Promise<T>) =>
  ({ key: [path, ...params], read }) satisfies ApiRead<T>;

/** The records a choice offers (a dialog's select), ordered by their label unless told: one key per choice. */
export const optionsRead = (endpoint: string, labelField: string, order?: OrderItem[]) =>
  pathRead(endpoint, ['options', labelField, order ?? null], (signal) =>
    api.list<Record<string, unknown>>(endpoint, { order: order ?? [{ field: labelField, direction: 'ASC' }] }, signal),
  );

/** The records a list's filter offers, with the counts it shows beside them. */
export const filterOptionsRead = (endpoint: string, count: string[] | undefined, order: OrderItem[]) =>
  pathRead(endpoint, ['filter-options', count ?? [], order], (signal) =>
    api.list<Record<string, unknown>>(endpoint, { count, order }, signal),
  );

/** A read as a route loader starts it before the page's code arrives (the page's useApiQuery then finds it). */
export const prefetchOptions = <T>({ key, read }: ApiRead<T>) =>
  queryOptions({ queryKey: key, queryFn: ({ signal }) => read(signal) });
