import { type MouseEvent, useSyncExternalStore } from 'react';

// Moving between the field's two screens (/terrain and /terrain/{id}) within its own page, without the office's
// router: the field's page loads alone on a phone (terrain.html), and a router is most of what it would not need.
// Any other address is the office's: the browser loads it as a new page.

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
};

/** The address's path, followed through the field's links and the browser's back and forward. */
export const useFieldPath = (): string =>
  useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    () => '/',
  );

/** The flight a field address opens: its id, 'none' for the day's list, 'invalid' for anything else. */
export function fieldFlightOf(path: string): number | 'none' | 'invalid' {
  const match = /^\/terrain(?:\/(\d{1,12}))?\/?$/.exec(path);
  if (!match) return 'invalid';
  return match[1] ? Number(match[1]) : 'none';
}

export function goToField(path: string): void {
  window.history.pushState(null, '', path);
  window.scrollTo(0, 0);
  for (const listener of listeners) listener();
}

/** A link's click within the field's page: the screen changes without loading the page again. */
export function onFieldLinkClick(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  goToField(event.currentTarget.getAttribute('href') ?? '/terrain');
}
