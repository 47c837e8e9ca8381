// Formatter of the list-query language: the exact inverse of query-parse.ts (keep the escape rules in sync).
// Contract: formatListQuery either throws a QueryError (for a query parseListQuery would reject, or one the
// grammar cannot express) or returns params that parseListQuery turns back into the same query, after two
// normalisations: `search` is trimmed (and dropped when blank) and empty lists are dropped.

import type { Filter, ListQuery, OrderItem } from './query.js';
import { MAX_PER_PAGE, OPERATORS } from './query.js';
import type { QueryParam } from './query-parse.js';
import { isListOperator, isValidPath, isValuelessOperator, QueryError } from './query-parse.js';

/**
 * The part of URLSearchParams this package relies on. domain compiles without DOM or Node globals, so the
 * name URLSearchParams does not exist here; the object returned at run time is a real URLSearchParams.
 */
export type SearchParams = Iterable<[string, string]> & {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
};

const SearchParamsClass = (globalThis as unknown as { URLSearchParams: new () => SearchParams }).URLSearchParams;

/** Escapes `\` `,` `|` `;` with a backslash, so any text can travel as a filter value. */
export const escapeValue = (value: string): string => value.replace(/[\\,|;]/g, '\\$&');

const checkPath = (path: string, param: QueryParam): string => {
  if (!isValidPath(path)) throw new QueryError(`Nom de champ invalide : « ${path} » dans « ${param} »`, param);
  return path;
};

export const formatFilter = (filter: Filter): string => {
  const { field, op, value } = filter;
  checkPath(field, 'filters');
  if (!(OPERATORS as readonly string[]).includes(op)) {
    throw new QueryError(`Opérateur inconnu : « ${op} » dans le filtre sur « ${field} »`, 'filters');
  }
  const head = `${field}|${op}`;
  if (isValuelessOperator(op)) {
    if (value !== undefined) {
      throw new QueryError(`L'opérateur « ${op} » ne prend pas de valeur dans le filtre sur « ${field} »`, 'filters');
    }
    return head;
  }
  if (isListOperator(op)) {
    if (!Array.isArray(value) || value.length === 0) {
      // `field|in|` already means [''], so an empty list has no spelling: drop the filter or use another test.
      throw new QueryError(`Liste de valeurs vide ou absente dans le filtre « ${head} »`, 'filters');
    }
    return `${head}|${value.map(escapeValue).join(';')}`;
  }
  if (typeof value !== 'string') {
    throw new QueryError(`Valeur manquante ou invalide dans le filtre « ${head} »`, 'filters');
  }
  return `${head}|${escapeValue(value)}`;
};

export const formatFilters = (filters: readonly Filter[]): string => filters.map(formatFilter).join(',');

export const formatOrder = (order: readonly OrderItem[]): string =>
  order
    .map(({ field, direction }) => {
      const dir = String(direction).toUpperCase();
      if (dir !== 'ASC' && dir !== 'DESC') {
        throw new QueryError(`Sens de tri inconnu : « ${direction} » pour « ${field} » (ASC ou DESC)`, 'order');
      }
      return `${checkPath(field, 'order')}|${dir}`;
    })
    .join(',');

const formatInteger = (n: number, param: QueryParam, max: number): string => {
  if (!Number.isSafeInteger(n) || n < 1 || n > max) {
    throw new QueryError(`Valeur invalide pour « ${param} » : « ${n} »`, param);
  }
  return String(n);
};

const NAME_LIST_PARAMS = ['embed', 'count', 'sum', 'order', 'has', 'hasnot', 'append'] as const;

/**
 * ListQuery → URLSearchParams, params in a fixed order (filters, search, embed, count, sum, order, has,
 * hasnot, append, page, per_page), empty parts omitted. `page: undefined` is omitted like an absent key.
 */
export const formatListQuery = (q: ListQuery): SearchParams => {
  const params = new SearchParamsClass();
  if (q.filters?.length) params.set('filters', formatFilters(q.filters));
  const search = q.search?.trim();
  if (search) params.set('search', search);
  for (const param of NAME_LIST_PARAMS) {
    if (param === 'order') {
      if (q.order?.length) params.set('order', formatOrder(q.order));
      continue;
    }
    const names = q[param];
    if (names?.length) params.set(param, names.map((name) => checkPath(name, param)).join(','));
  }
  if (q.page !== undefined) params.set('page', formatInteger(q.page, 'page', Number.MAX_SAFE_INTEGER));
  if (q.per_page !== undefined) params.set('per_page', formatInteger(q.per_page, 'per_page', MAX_PER_PAGE));
  return params;
};
