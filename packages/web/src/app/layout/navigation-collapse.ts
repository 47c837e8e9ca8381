import { useCallback } from 'react';
import { useStoredState } from '../../lib/local-storage';

// SPEC §2.6: the collapsed state of the desktop navigation is remembered locally.
export const NAVIGATION_COLLAPSED_KEY = 'navigation-collapsed';

export function useNavigationCollapsed(): [isCollapsed: boolean, toggle: () => void] {
  const [isCollapsed, setCollapsed] = useStoredState(NAVIGATION_COLLAPSED_KEY, false);
  const toggle = useCallback(() => setCollapsed((previous) => !previous), [setCollapsed]);
  return [isCollapsed, toggle];
}
