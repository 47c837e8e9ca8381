// The list-query language (filters, order, embed, count, sum, page...; docs/api.md), shared by server (parse + validate) and web (build query strings).
// Contract only here; parse/format live in query-parse.ts / query-format.ts.

export const OPERATORS = ['=', '<>', '<', '<=', '>', '>=', 'like', 'in', 'notin', 'null', 'notnull'] as const;
export type Operator = (typeof OPERATORS)[number];

export type Filter = {
  /** A field of the resource or a relation path (`booking_status.slug`, `passengers.last_name`). */
  field: string;
  op: Operator;
  /** A string for scalar operators, a list for in/notin, absent for null/notnull. */
  value?: string | string[];
};

export type OrderDirection = 'ASC' | 'DESC';
export type OrderItem = { field: string; direction: OrderDirection };

export type ListQuery = {
  filters?: Filter[];
  search?: string;
  embed?: string[];
  count?: string[];
  sum?: string[];
  order?: OrderItem[];
  has?: string[];
  hasnot?: string[];
  append?: string[];
  page?: number;
  per_page?: number;
};

/** Answer of a list read with `page`; without `page` the answer is the plain array. */
export type Paginated<T> = {
  data: T[];
  count: number;
  /** Totals over the whole filtered set for each `sum` field; null when no sum was asked. */
  sum: Record<string, number> | null;
  prev: number | null;
  next: number | null;
};

export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 100;
