import { useCallback, useState } from 'react';

// Which dialog of a page is open, and for what. The last one stays mounted once closed so it can play its close
// animation (500 ms); `key` changes at each opening so its form starts from the record again.

export type DialogState<T> = { value: T | null; opened: boolean; key: number };

export function useDialog<T>() {
  const [state, setState] = useState<DialogState<T>>({ value: null, opened: false, key: 0 });
  const open = useCallback((value: T) => setState((current) => ({ value, opened: true, key: current.key + 1 })), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { ...state, open, close };
}
