import type { FetchQueryOptions } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { earlySession, readMaintenanceState } from '../api/client';
import { notifyFailure } from '../components/notify/notify';
import { type AccessRule, decideAccess, decideNavigation, refusalMessage } from '../lib/guards';
import { pathTo, ROUTE_PATHS, type RouteName } from '../lib/routes';
import { ensureSession, getSession, setMaintenance } from '../session/store';
import { isFirstNavigation, waitForFirstRead } from './page-route';
import { hasValidRouteParams } from './params';
import { appQueryClient } from './query-client';

// Applies the pure decisions of ./guards.ts on every navigation: these loaders are declared with
// shouldRevalidate: alwaysRevalidate so they run again even when their route stays matched.

export const alwaysRevalidate = () => true;

const requestedPath = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

const FIRST_READ_WAIT_MS = 3000;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * Every route: while maintenance mode is on, every navigation goes to the maintenance page. A signed-in user's pages
 * call the API at once and meet its 503; a signed-out visitor's (login, password pages) may call nothing, so for
 * them the server's state is asked first (GET /health, no session needed).
 */
export async function maintenanceLoader({ request }: LoaderFunctionArgs) {
  const path = requestedPath(request);
  const session = getSession();
  const isMaintenancePage = path.split('?')[0] === ROUTE_PATHS.maintenance;
  if (!session.isMaintenance && session.status !== 'authenticated' && !isMaintenancePage) {
    // The session read early-session.js sent is on its way: it answers maintenance too (503), so a signed-in user
    // does not wait for /health as well.
    const known = earlySession.isPending() ? await ensureSession() : session;
    if (!known.isMaintenance && known.status !== 'authenticated' && (await readMaintenanceState())) {
      setMaintenance(true, path);
    }
  }
  const target = decideNavigation({ path, isPublic: true }, getSession());
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

/** A role, capability or setting guard; a refused user goes home. */
export function accessLoader(rule: AccessRule) {
  return async () => {
    const { me } = await ensureSession();
    // Without a session the authenticated area's loader already sends the user to login.
    if (!me) return null;
    const target = decideAccess(rule, me);
    if (!target) return null;
    const message = refusalMessage(rule);
    // Once: /settings meets the guard twice (itself, then the child its index redirects to).
    if (message) notifyFailure(message, undefined, { id: `refused-${rule}` });
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

/**
 * A page whose main read can start before its code arrives: once the session is known, the read goes out while the
 * page's chunks load (a first visit on a phone otherwise waited for the code, then for the data). When nothing of it
 * is kept yet, the navigation waits for it a moment (FIRST_READ_WAIT_MS at most, the loading bar showing): the page
 * is then built once, with its data, inside the router's transition, which React slices, instead of a skeleton first
 * and then a second build on the phone's main thread in one block. A read that fails or lingers is the page's own
 * business: it reads the same query and shows its loading state and failure notice.
 */
// biome-ignore lint/suspicious/noExplicitAny: any query's options, whatever its data type
type AnyQuery = FetchQueryOptions<any, any, any, any>;
export function prefetchLoader(
  query: AnyQuery | ((args: LoaderFunctionArgs) => AnyQuery | null | Promise<AnyQuery | null>),
) {
  return async (args: LoaderFunctionArgs) => {
    // A page of a record reads it only with a valid id (the authenticated area's loader answers 404 otherwise).
    const [options, session] = await Promise.all([
      typeof query === 'function' ? (hasValidRouteParams(args.params) ? query(args) : null) : query,
      ensureSession(),
    ]);
    if (options && session.status === 'authenticated' && !session.isMaintenance) {
      const read = appQueryClient.prefetchQuery(options).catch(() => {});
      if (appQueryClient.getQueryData(options.queryKey) === undefined) {
        const wait = Promise.race([read, delay(FIRST_READ_WAIT_MS)]);
        // On a visit's first screen the page waits for it, not the frame around it (./page-route.tsx).
        if (isFirstNavigation()) waitForFirstRead(wait);
        else await wait;
      }
    }
    return null;
  };
}
