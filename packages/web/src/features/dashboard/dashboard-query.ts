import type { Dashboard } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';

// The landing page's one read, apart from its page so that the route can start it as soon as the session is known,
// while the page's code is still on its way (a first visit on a phone waited for both, one after the other).

export const DASHBOARD_ENDPOINT = '/api/dashboard';

export const dashboardQuery = queryOptions({
  queryKey: [DASHBOARD_ENDPOINT],
  queryFn: ({ signal }) => api.get<Dashboard>(DASHBOARD_ENDPOINT, undefined, signal),
});
