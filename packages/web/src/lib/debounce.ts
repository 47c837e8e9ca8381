import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@app/domain';
import { useDebouncedValue } from '@mantine/hooks';

// Searches need 3 characters and wait 200 ms after the last keystroke.

/** The text worth searching: trimmed, debounced, and empty while shorter than the minimum. */
export function useSearchText(text: string, minLength = SEARCH_MIN_LENGTH, delay = SEARCH_DEBOUNCE_MS): string {
  const trimmed = text.trim();
  const [debounced] = useDebouncedValue(trimmed.length >= minLength ? trimmed : '', delay);
  return debounced;
}
