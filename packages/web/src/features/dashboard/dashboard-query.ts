import { DASHBOARD_PATH, type Dashboard } from '@app/domain';
import { getRead, prefetchOptions } from '../../api/reads';

// The landing page's one read, apart from its page so that the route can start it as soon as the session is known,
// while the page's code is still on its way (a first visit on a phone waited for both, one after the other).

export const dashboardRead = getRead<Dashboard>('dashboard', DASHBOARD_PATH);

export const dashboardQuery = prefetchOptions(dashboardRead);
