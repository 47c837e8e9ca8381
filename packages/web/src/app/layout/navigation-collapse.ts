import { useCallback } from 'react';
import { useStoredState } from '../../lib/local-storage';

// The collapsed state of the desktop navigation is remembered locally.
export const NAVIGATION_COLLAPSED_KEY = 'navigation-collapsed';

export function useNavigationCollapsed(): [isCollapsed: boolean, toggle: () => void] {
  const [isCollapsed, setCollapsed] = useStoredState(NAVIGATION_COLLAPSED_KEY, false);
  const toggle = useCallback(() => setCollapsed((previous) => !previous), [setCollapsed]);
  return [isCollapsed, toggle];
}
