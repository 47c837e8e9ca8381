import type { OrderItem } from '@app/domain';

// The order of each list is remembered locally, one entry per list (its storage key).

export const orderStorageKey = (listKey: string) => `list-order:${listKey}`;

const isOrderItem = (item: unknown): item is OrderItem =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as OrderItem).field === 'string' &&
  ((item as OrderItem).direction === 'ASC' || (item as OrderItem).direction === 'DESC');

/** The remembered order, or null when nothing usable is stored (absent, corrupt, storage blocked). */
export function readStoredOrder(
  listKey: string,
  storage: Storage | undefined = globalThis.localStorage,
): OrderItem[] | null {
  try {
    const raw = storage?.getItem(orderStorageKey(listKey));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every(isOrderItem) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredOrder(
  listKey: string,
  order: readonly OrderItem[],
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (order.length === 0) storage?.removeItem(orderStorageKey(listKey));
    else storage?.setItem(orderStorageKey(listKey), JSON.stringify(order));
  } catch {
    // Private browsing or a full quota: the list still works, the order is just not remembered.
  }
}
