import type { ListQuery } from '@app/domain';
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
    one: <R = T>(id: number, query: ListQuery = {}) =>
      apiRead<R>(entity, ['one', id, query], (signal) => api.one<R>(path, id, query, signal)),
    create: <R = T>(body: unknown) => api.create<R>(path, body),
    update: <R = T>(id: number, body: unknown) => api.update<R>(path, id, body),
    remove: (id: number) => api.remove(path, id),
  };
}

/** GET of a path that answers one document (a report, a log) under `entity`'s key. */
export const getRead = <T>(entity: Entity, path: string, params: readonly unknown[] = [path]) =>
  apiRead<T>(entity, params, (signal) => api.get<T>(path, undefined, signal));

/** A read sent as POST (the planning's ranges and days ask with a body). */
export const postRead = <T>(entity: Entity, path: string, body: unknown, params: readonly unknown[]) =>
  apiRead<T>(entity, params, (signal) => request<T>(path, { method: 'POST', body, signal } satisfies RequestOptions));
