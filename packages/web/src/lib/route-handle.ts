import { useMatches } from 'react-router';
import { usePageTitleOverride } from './page-title';
import type { RouteName } from './routes';

/** What each route declares besides its path: its name (the name table of ./routes.ts) and the French title the layout shows. */
export type RouteHandle = {
  name?: RouteName;
  title?: string;
  /** A section title shown above the page title (Autres données, Paramètres). */
  section?: string;
  /** For the booking lists, one static route per status. */
  bookingStatus?: string;
};

export function useRouteHandles(): RouteHandle[] {
  return useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
}

/** Title (a page's own, see ./page-title.ts, else the deepest route's) and section. */
export function usePageHeading(): { title: string | null; section: string | null } {
  const handles = useRouteHandles();
  const title = usePageTitleOverride() ?? handles.findLast((handle) => handle.title)?.title ?? null;
  const section = handles.findLast((handle) => handle.section)?.section ?? null;
  return { title, section: section === title ? null : section };
}
