import type { OrderItem } from '@app/domain';
import { useEffect, useReducer, useRef } from 'react';
import type { FilterValues } from './filters';
import { initialListState, listReducer } from './list-state';
import { readStoredOrder, writeStoredOrder } from './order-storage';

/**
 * The list reducer, starting from the order remembered under storageKey (and the screen's initial filters, e.g.
 * upcoming flights), and remembering each new order.
 */
export function useListState(storageKey: string, defaultOrder: OrderItem[] = [], initialFilters: FilterValues = {}) {
  const [state, dispatch] = useReducer(listReducer, undefined, () =>
    initialListState(readStoredOrder(storageKey) ?? defaultOrder, initialFilters),
  );
  const orderJson = JSON.stringify(state.order);
  // Only an order the user chose is remembered: storing the default would pin it if the screen's default changes.
  const initialJson = useRef(orderJson);
  useEffect(() => {
    if (orderJson === initialJson.current) return;
    initialJson.current = '';
    writeStoredOrder(storageKey, JSON.parse(orderJson) as OrderItem[]);
  }, [storageKey, orderJson]);
  return [state, dispatch] as const;
}
