import { type ComponentType, use } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';

/*
 * How a screen's code and first read reach the screen.
 *
 * Moving from one screen to another, the router waits for the next page's code and first read (the loading bar
 * shows) and builds the page once, with its data. On the first screen of a visit there is nothing to keep on screen
 * meanwhile: the frame (header, page title, navigation) is painted as soon as its own code and the session are in,
 * and the page fills it once its code and first read have come and the frame has been painted. On a phone on 4G the
 * title shows some 0.7 s sooner than when the frame waited for the page, and the page no later.
 */

type PageModule = { default: ComponentType };
type AnyLoader = (args: LoaderFunctionArgs) => unknown;

/**
 * A promise that React's use() reads at once once it has settled, even the first time it sees it: a page rendered
 * after its code has come (every navigation but the first) does not suspend for a tick.
 */
function readable<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    () => {},
  );
  return promise;
}

/** One visit's page loading (the app has one; a test makes its own, as a fresh visit). */
export function createPageLoading() {
  let isFirstScreenShown = false;
  const firstReads: Promise<unknown>[] = [];
  let firstReadsDone: Promise<unknown> | undefined;
  let framePainted: (() => void) | undefined;
  const framePaint = readable(
    new Promise<void>((resolve) => {
      framePainted = resolve;
    }),
  );
  const preloads = new WeakMap<ComponentType, () => Promise<unknown>>();

  /** True while the visit's first screen is being prepared: nothing of the app is on screen yet. */
  const isFirstNavigation = () => !isFirstScreenShown;

  /**
   * Called by the root layout once it has been committed: later navigations wait for their page. The first screen's
   * page is built once the frame has been painted, not in the same render: on a phone, building a page takes longer
   * than downloading it, and the frame would otherwise wait for it.
   */
  function markFirstScreenShown(): void {
    if (isFirstScreenShown) return;
    isFirstScreenShown = true;
    const afterPaint = () => setTimeout(() => framePainted?.(), 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(afterPaint);
    else afterPaint();
  }

  /** A first read the first screen's page waits for, instead of the navigation (it must never reject). */
  function waitForFirstRead(read: Promise<unknown>): void {
    firstReads.push(read);
    firstReadsDone = undefined;
  }

  const firstReadsSettled = () => {
    firstReadsDone ??= readable(Promise.all(firstReads));
    return firstReadsDone;
  };

  /**
   * A route's page, its code fetched on demand (code-split). The route's loader (see withPageCode) starts the fetch;
   * the page suspends until it is in, and on the first screen until the frame is painted and the first reads have
   * answered. Settled promises are read again without waiting.
   */
  function page(load: () => Promise<PageModule>): { Component: ComponentType } {
    let loading: Promise<ComponentType> | undefined;
    const preload = () => {
      loading ??= readable(
        load().then(
          (module) => module.default,
          (error: unknown) => {
            // A failed download (a new version deployed, the network lost) is tried again at the next visit.
            loading = undefined;
            throw error;
          },
        ),
      );
      return loading;
    };
    // The same reads in the same order at every render, as use() wants; each is answered at once once settled.
    function Page() {
      const Component = use(preload());
      use(framePaint);
      use(firstReadsSettled());
      return <Component />;
    }
    preloads.set(Page, preload);
    return { Component: Page };
  }

  /**
   * Gives every page's route a loader that starts fetching its code with the navigation. After the first screen the
   * navigation waits for it (as React Router's lazy routes do); on the first screen it does not, so that the frame
   * paints while the page's code arrives. A route without a loader of its own is still not revalidated.
   */
  function withPageCode(routes: RouteObject[]): RouteObject[] {
    return routes.map((route) => {
      const children = route.children && withPageCode(route.children);
      const preload = route.Component ? preloads.get(route.Component) : undefined;
      if (!preload) return (children ? { ...route, children } : route) as RouteObject;
      const own = typeof route.loader === 'function' ? (route.loader as AnyLoader) : undefined;
      const loader = async (args: LoaderFunctionArgs) => {
        const code = preload();
        // Nothing commits while a visit's first navigation loads: read once, it holds until the loader returns.
        const isFirst = isFirstNavigation();
        // On the first screen the page shows a failed download, through its error boundary.
        if (isFirst) code.catch(() => {});
        const result = own ? await own(args) : null;
        if (!isFirst) await code;
        return result;
      };
      return {
        ...route,
        loader,
        ...(own ? {} : { shouldRevalidate: () => false }),
        ...(children ? { children } : {}),
      } as RouteObject;
    });
  }

  return { page, withPageCode, isFirstNavigation, markFirstScreenShown, waitForFirstRead };
}

export const { page, withPageCode, isFirstNavigation, markFirstScreenShown, waitForFirstRead } = createPageLoading();
