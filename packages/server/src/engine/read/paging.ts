import { literalLimit } from '../sql.js';

// The paging stage: which slice of the ordered ids a page is, and how its bounds are written in SQL.

export type PageWindow = {
  page: number;
  perPage: number;
  offset: number;
  /** A compiled page's bounds: the offset is one of its values past the first page only (pageBounds). */
  bounds: number[];
  /** Names the bounds' SQL text: the literal limit, and whether an offset is bound. */
  boundsKey: string;
};

export function pageWindow(page: number, perPage: number): PageWindow {
  const offset = (page - 1) * perPage;
  return {
    page,
    perPage,
    offset,
    bounds: offset ? [offset] : [],
    boundsKey: `${perPage}|${offset ? 'offset' : 'first'}`,
  };
}

/**
 * A page's LIMIT and OFFSET. The limit is a literal: PostgreSQL plans a prepared statement whose LIMIT is a
 * parameter again on every call (its generic plan, made for an unknown limit, sorts every match: 13 ms instead of
 * 0.5 for the pending list), which cost each list read 0.6 ms of planning. The offset is left out on the first
 * page, most reads, and bound on later ones, so that paging does not make one statement text per page. Both are
 * integers the engine computed from the validated page and per_page, never request text.
 */
export function pageBounds<Q extends { limit(limit: unknown): Q; offset(offset: unknown): Q }>(
  query: Q,
  perPage: number,
  offset: unknown,
): Q {
  if (!Number.isSafeInteger(perPage) || perPage < 1) throw new Error(`Taille de page inattendue : ${perPage}`);
  const limited = query.limit(literalLimit(perPage));
  return offset === 0 ? limited : limited.offset(offset);
}

/** The links of a page once its total is known: the previous page (within the last one) and the next. */
export function pageLinks(page: number, perPage: number, count: number): { prev: number | null; next: number | null } {
  const lastPage = Math.max(1, Math.ceil(count / perPage));
  return { prev: page > 1 ? Math.min(page - 1, lastPage) : null, next: page < lastPage ? page + 1 : null };
}
