import { type ReactNode, useDeferredValue } from 'react';

/**
 * Its children are built after the rest of the page is on screen, by a render React can pause between frames: a
 * record's title and tabs show at once, its sections (a dozen cards, each with its dialogs) fill in a moment later
 * instead of holding the whole page back on a phone.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const isReady = useDeferredValue(true, false);
  return isReady ? children : null;
}
