import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { notifyFailure } from '../components/notify/notify';
import { ensureSession, getSession } from '../session/store';
import { type AccessRule, decideAccess, decideNavigation } from './guards';
import { hasValidRouteParams } from './params';
import { pathTo, ROUTE_PATHS, type RouteName } from './routes';

// Applies the pure decisions of ./guards.ts on every navigation: these loaders are declared with
// shouldRevalidate: alwaysRevalidate so they run again even when their route stays matched.

export const alwaysRevalidate = () => true;

const requestedPath = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** Every route: while maintenance mode is on, every navigation goes to the maintenance page. */
export function maintenanceLoader({ request }: LoaderFunctionArgs) {
  const target = decideNavigation({ path: requestedPath(request), isPublic: true }, getSession());
  if (target) throw redirect(target);
  return null;
}

/** The authenticated area: a session is required (fetched when unknown); digits-only parameters. */
export async function authenticatedLoader({ request, params }: LoaderFunctionArgs) {
  const session = await ensureSession();
  const target = decideNavigation({ path: requestedPath(request), isPublic: false }, session);
  if (target) throw redirect(target);
  if (!hasValidRouteParams(params)) throw notFound();
  return null;
}

/** A role, capability or setting guard (SPEC §6); a refused user goes home. */
export function accessLoader(rule: AccessRule) {
  return async () => {
    const { me } = await ensureSession();
    // Without a session the authenticated area's loader already sends the user to login.
    if (!me) return null;
    const target = decideAccess(rule, me);
    if (!target) return null;
    if (rule !== 'remoteOrders') {
      notifyFailure("Vous n'avez pas accès à cette page.");
    }
    throw redirect(target);
  };
}

/**
 * Redirect of a parent route to one of its children (single-booking → summary...), keeping the parameters.
 * Without a session it stands aside, so the user goes straight to login with the page asked for remembered.
 */
export function redirectLoader(name: RouteName) {
  return async ({ params }: LoaderFunctionArgs) => {
    if (!hasValidRouteParams(params)) throw notFound();
    const session = await ensureSession();
    if (session.status !== 'authenticated' || session.isMaintenance) return null;
    const path = ROUTE_PATHS[name].replace(/:(\w+)/g, (_m, param: string) => encodeURIComponent(params[param] ?? ''));
    throw redirect(path);
  };
}

/** Auth pages: a signed-in user asking for login goes home. */
export function guestLoader() {
  const { status } = getSession();
  if (status === 'authenticated') throw redirect(pathTo('home'));
  return null;
}
