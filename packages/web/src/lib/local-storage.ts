import { useLocalStorage } from '@mantine/hooks';

/**
 * A value remembered in localStorage (list order, navigation collapsed state, planning view).
 * Read on the first render, not after mount, so a remembered value never flashes its default first.
 */
export function useStoredState<T>(key: string, defaultValue: T) {
  return useLocalStorage<T>({ key, defaultValue, getInitialValueInEffect: false });
}
