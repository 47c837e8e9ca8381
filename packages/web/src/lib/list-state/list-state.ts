import { type Filter, LIST_PAGE_START, type ListQuery, type OrderDirection, type OrderItem } from '@app/domain';
import { type FilterDefinition, type FilterValues, toFilters } from './filters';

// Headless state of a data list, in the manner of react-admin's queryReducer: the view dispatches
// intentions, this pure reducer decides what the page, order, filters and search become.

export type ListState = {
  page: number;
  order: OrderItem[];
  filters: FilterValues;
  /** Already debounced and at least the minimum length, or empty. */
  search: string;
};

export type ListAction =
  | { type: 'setPage'; page: number }
  | { type: 'setFilter'; name: string; value: unknown }
  | { type: 'setFilters'; filters: FilterValues }
  | { type: 'resetFilters' }
  | { type: 'setSearch'; search: string }
  /** Without a direction: the same field flips its direction, another field starts ascending. */
  | { type: 'sort'; field: string; direction?: OrderDirection }
  | { type: 'setOrder'; order: OrderItem[] };

export const initialListState = (order: OrderItem[] = [], filters: FilterValues = {}): ListState => ({
  page: LIST_PAGE_START,
  order,
  filters,
  search: '',
});

export function toggleOrder(order: readonly OrderItem[], field: string): OrderItem[] {
  const current = order[0];
  if (current?.field === field) return [{ field, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' }];
  return [{ field, direction: 'ASC' }];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'setPage': {
      const page = Math.max(LIST_PAGE_START, Math.trunc(action.page));
      return page === state.page ? state : { ...state, page };
    }
    case 'setFilter': {
      if (sameJson(state.filters[action.name], action.value)) return state;
      const filters = { ...state.filters };
      if (isEmptyFilterValue(action.value)) delete filters[action.name];
      else filters[action.name] = action.value;
      // Another filter means another result set: page 3 of the old one means nothing there.
      return { ...state, filters, page: LIST_PAGE_START };
    }
    case 'setFilters': {
      const filters = Object.fromEntries(
        Object.entries(action.filters).filter(([, value]) => !isEmptyFilterValue(value)),
      );
      if (sameJson(filters, state.filters)) return state;
      return { ...state, filters, page: LIST_PAGE_START };
    }
    case 'resetFilters':
      return Object.keys(state.filters).length === 0 ? state : { ...state, filters: {}, page: LIST_PAGE_START };
    case 'setSearch':
      return action.search === state.search ? state : { ...state, search: action.search, page: LIST_PAGE_START };
    case 'sort': {
      const order = action.direction
        ? [{ field: action.field, direction: action.direction }]
        : toggleOrder(state.order, action.field);
      if (sameJson(order, state.order)) return state;
      return { ...state, order, page: LIST_PAGE_START };
    }
    case 'setOrder':
      return sameJson(action.order, state.order) ? state : { ...state, order: action.order, page: LIST_PAGE_START };
  }
}

export function isEmptyFilterValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyFilterValue);
  return false;
}

/**
 * How many filters are active. Values named `…_object` are companions of another filter (the record
 * chosen in an autocomplete, kept to show its label), not filters of their own.
 */
export function countActiveFilters(filters: FilterValues): number {
  return Object.entries(filters).filter(([name, value]) => !name.includes('_object') && !isEmptyFilterValue(value))
    .length;
}

/** The fixed part of a list's query, given by the screen (embed, count, sums, fixed filters...). */
export type BaseQuery = Omit<ListQuery, 'page' | 'search'>;

/** Maps the state onto the domain's ListQuery; the screen's fixed filters come first. */
export function toListQuery(
  state: ListState,
  definitions: readonly FilterDefinition[],
  base: BaseQuery = {},
): ListQuery {
  const filters: Filter[] = [...(base.filters ?? [])];
  for (const definition of definitions) filters.push(...toFilters(definition, state.filters));
  const query: ListQuery = { ...base, page: state.page };
  if (filters.length > 0) query.filters = filters;
  else delete query.filters;
  const order = state.order.length > 0 ? state.order : base.order;
  if (order && order.length > 0) query.order = order;
  if (state.search) query.search = state.search;
  return query;
}
