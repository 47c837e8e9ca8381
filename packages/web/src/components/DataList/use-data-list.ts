import {
  LIST_FETCH_DEBOUNCE_MS,
  LIST_PAGE_SIZE,
  type ListQuery,
  MESSAGES,
  type OrderItem,
  type Paginated,
} from '@app/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { api } from '../../api/client';
import {
  type BaseQuery,
  countActiveFilters,
  type FilterDefinition,
  type FilterValues,
  toListQuery,
  useListState,
} from '../../lib/list-state';
import { notifyFailure } from '../notify/notify';

/**
 * Query keys of the data lists start with their endpoint, like every query on that endpoint: invalidating
 * [endpoint] after a save refreshes the list and anything else read from it.
 */
export const dataListKey = (endpoint: string, query?: string) =>
  query === undefined ? [endpoint, 'data-list'] : [endpoint, 'data-list', query];

/** Returns a function that re-reads every data list (and other queries) on an endpoint, e.g. after a dialog saves. */
export function useRefreshDataList() {
  const client = useQueryClient();
  return useCallback((endpoint: string) => client.invalidateQueries({ queryKey: [endpoint] }), [client]);
}

export type UseDataListOptions = {
  endpoint: string;
  filters?: readonly FilterDefinition[];
  baseQuery?: BaseQuery;
  /** Names the list in localStorage, where its order is remembered. */
  storageKey: string;
  defaultOrder?: OrderItem[];
  /** Filter values the list opens with (the user can change them). */
  initialFilters?: FilterValues;
};

/** Headless data list: list state (reducer), the ListQuery it maps to, the debounced fetch of the page. */
export function useDataList<T>({
  endpoint,
  filters = [],
  baseQuery,
  storageKey,
  defaultOrder,
  initialFilters,
}: UseDataListOptions) {
  const [state, dispatch] = useListState(storageKey, defaultOrder, initialFilters);
  const query: ListQuery = useMemo(() => toListQuery(state, filters, baseQuery), [state, filters, baseQuery]);
  // Screens often pass baseQuery/filters inline: the query's text, not its identity, decides a new fetch.
  const queryText = JSON.stringify(query);
  // The fetch waits 100 ms after the last change (typing in a filter, clicking through pages).
  const [fetchedText] = useDebouncedValue(queryText, LIST_FETCH_DEBOUNCE_MS);

  const result = useQuery({
    queryKey: dataListKey(endpoint, fetchedText),
    queryFn: ({ signal }) => api.page<T>(endpoint, JSON.parse(fetchedText) as ListQuery & { page: number }, signal),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (result.isError) notifyFailure(MESSAGES.dataListLoadFailed, result.error);
  }, [result.isError, result.error]);

  const page: Paginated<T> | undefined = result.data;
  const pageSize = query.per_page ?? LIST_PAGE_SIZE;
  const pageCount = page ? Math.max(1, Math.ceil(page.count / pageSize)) : 1;

  // After deletions the remembered page may lie past the end: show the last one instead of an empty page.
  useEffect(() => {
    if (!page || result.isPlaceholderData) return;
    if (page.data.length === 0 && page.count > 0 && state.page > pageCount)
      dispatch({ type: 'setPage', page: pageCount });
  }, [page, result.isPlaceholderData, state.page, pageCount, dispatch]);

  return {
    state,
    dispatch,
    query,
    rows: page?.data ?? [],
    page,
    pageCount,
    activeFilterCount: countActiveFilters(state.filters),
    /** Fetching, or waiting for the debounce to let the next fetch go. */
    isLoading: result.isFetching || fetchedText !== queryText,
    isError: result.isError,
    refetch: result.refetch,
  };
}
