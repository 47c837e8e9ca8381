import {
  LIST_FETCH_DEBOUNCE_MS,
  LIST_PAGE_SIZE,
  type ListQuery,
  MESSAGES,
  type OrderItem,
  type Paginated,
} from '@app/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useApiQuery } from '../../api/hooks';
import {
  type BaseQuery,
  countActiveFilters,
  type FilterDefinition,
  type FilterValues,
  toListQuery,
  useListState,
} from '../../lib/list-state';
import { dataListRead } from './data-list-read';

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

  const result = useApiQuery(dataListRead<T>(endpoint, fetchedText), {
    failure: MESSAGES.dataListLoadFailed,
    placeholderData: keepPreviousData,
  });

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
