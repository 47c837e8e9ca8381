import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useSession } from '../session/store';

// A page may replace its route's static title with one built from its data ('Réservation 2026-00012'):
// usePageTitle(title) while it is shown; the layout header and the tab title read it before the route handle's.

let override: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const set = (value: string | null) => {
  override = value;
  for (const listener of listeners) listener();
};

export const usePageTitleOverride = (): string | null =>
  useSyncExternalStore(
    subscribe,
    () => override,
    () => override,
  );

/** Shows `title` as the page title while the calling component is mounted (null keeps the route's own title). */
export function usePageTitle(title: string | null): void {
  useLayoutEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
}

const DEFAULT_APP_NAME = 'Montgolfière';

/**
 * The tab title, 'Vols · Montgolfière' (the app name from the global settings once signed in). Used by the root
 * layout, and by the not-found page itself: shown as the error page of a route (/bookings/abc), it replaces the
 * root layout, whose title would otherwise never be set.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const { me } = useSession();
  const appName = me?.global.app_name ?? DEFAULT_APP_NAME;
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
