import type { ListQuery, OrderItem } from '@app/domain';
import { api } from '../../api/client';
import { pathRead } from '../../api/reads';
import {
  type BaseQuery,
  type FilterDefinition,
  type FilterValues,
  filtersFromUrl,
  initialListState,
  readStoredOrder,
  toListQuery,
} from '../../lib/list-state';

// A data list's page read, and the query of the page a list opens on, apart from the list's component: a route
// starts that first read as soon as the session is known, while the screen's code is still on its way. Both the
// list (DataList, useDataList) and the route build the query here, so the route's read is the one the list uses.

/**
 * A page of a data list, keyed on its endpoint like every read of that entity (api/entities.ts): invalidating the
 * entity after a save (useInvalidate) re-reads the list and anything else read from it.
 */
export const dataListRead = <T>(endpoint: string, queryText: string) =>
  pathRead(endpoint, ['data-list', queryText], (signal) =>
    api.page<T>(endpoint, JSON.parse(queryText) as ListQuery & { page: number }, signal),
  );

/** The screen's fixed query, narrowed by a followed link's ?filters=... (added to the fixed filters). */
export function linkedBaseQuery(baseQuery: BaseQuery | undefined, linkFiltersText: string | null) {
  const linked = filtersFromUrl(linkFiltersText);
  return linked.length > 0 ? { ...baseQuery, filters: [...(baseQuery?.filters ?? []), ...linked] } : baseQuery;
}

export type FirstPageOptions = {
  endpoint: string;
  storageKey: string;
  defaultOrder?: OrderItem[];
  baseQuery?: BaseQuery;
  filters?: readonly FilterDefinition[];
  initialFilters?: FilterValues;
};

/** The read of the page a list opens on: its remembered or default order, no search, the link's filters. */
export function firstPageRead<T>(options: FirstPageOptions, linkFiltersText: string | null) {
  const state = initialListState(readStoredOrder(options.storageKey) ?? options.defaultOrder, options.initialFilters);
  const query = toListQuery(state, options.filters ?? [], linkedBaseQuery(options.baseQuery, linkFiltersText));
  return dataListRead<T>(options.endpoint, JSON.stringify(query));
}
