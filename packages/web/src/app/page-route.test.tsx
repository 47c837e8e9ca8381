import { act, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, Suspense, useEffect } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createPageLoading } from './page-route';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const pageCode = (text: string) => ({ default: (() => <p>{text}</p>) as ComponentType });

/** A fresh visit: the frame (title, and the page below it in a Suspense) and two pages whose code the test sends. */
function visit(firstRead?: Promise<unknown>) {
  const loading = createPageLoading();
  const first = deferred<{ default: ComponentType }>();
  const second = deferred<{ default: ComponentType }>();
  function Frame() {
    useEffect(loading.markFirstScreenShown, []);
    return (
      <>
        <h1>Réservations en attente</h1>
        <Suspense fallback={<p>Chargement de la page</p>}>
          <Outlet />
        </Suspense>
      </>
    );
  }
  const router = createMemoryRouter(
    loading.withPageCode([
      {
        path: '/',
        Component: Frame,
        HydrateFallback: () => <p>Chargement...</p>,
        children: [
          {
            index: true,
            // As the app's prefetchLoader does on a first screen: the page, not the navigation, waits for the read.
            loader: () => {
              if (firstRead && loading.isFirstNavigation()) loading.waitForFirstRead(firstRead);
              return null;
            },
            ...loading.page(() => first.promise),
          },
          { path: 'other', ...loading.page(() => second.promise) },
        ],
      },
    ]),
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, first, second };
}

describe('a page and its frame', () => {
  it("paints the frame of a visit's first screen while the page's code is on its way", async () => {
    const { first } = visit();
    expect(await screen.findByRole('heading', { name: 'Réservations en attente' })).toBeInTheDocument();
    expect(screen.getByText('Chargement de la page')).toBeInTheDocument();
    await act(async () => first.resolve(pageCode('Première page')));
    expect(await screen.findByText('Première page')).toBeInTheDocument();
    expect(screen.queryByText('Chargement de la page')).toBeNull();
  });

  it('keeps the page on screen while the next page’s code arrives, as the loading bar shows', async () => {
    const { router, first, second } = visit();
    await act(async () => first.resolve(pageCode('Première page')));
    expect(await screen.findByText('Première page')).toBeInTheDocument();
    act(() => void router.navigate('/other'));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    expect(screen.getByText('Première page')).toBeInTheDocument();
    expect(screen.queryByText('Chargement de la page')).toBeNull();
    await act(async () => second.resolve(pageCode('Seconde page')));
    expect(await screen.findByText('Seconde page')).toBeInTheDocument();
    expect(router.state.navigation.state).toBe('idle');
  });

  it("builds the first screen's page once its first read has answered, its frame before", async () => {
    const read = deferred<void>();
    const { first } = visit(read.promise);
    await act(async () => first.resolve(pageCode('Première page')));
    expect(await screen.findByRole('heading', { name: 'Réservations en attente' })).toBeInTheDocument();
    // The code is in, the read is not: the page waits for it (and then is built once, with its data).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Première page')).toBeNull();
    expect(screen.getByText('Chargement de la page')).toBeInTheDocument();
    await act(async () => read.resolve());
    expect(await screen.findByText('Première page')).toBeInTheDocument();
  });
});
