import type { Me } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSessionStoreForTests } from '../session/store';
import { sessionFixture } from '../test/session';
import { AppProviders } from './AppProviders';
import { NAVIGATION_COLLAPSED_KEY } from './layout/navigation-collapse';
import { createQueryClient } from './query-client';
import { routes } from './router';

// The real route table, guards and layout in a memory router; the session is set as GET /api/me would set it.
function renderApp(path: string, me: Me | null, { isMaintenance = false } = {}) {
  resetSessionStoreForTests(
    me ? { status: 'authenticated', me, isMaintenance } : { status: 'anonymous', isMaintenance },
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

const pageTitle = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 4000 });
const operator = () => sessionFixture({ role: 'operator' });
const admin = () => sessionFixture({ role: 'admin', capabilities: ['manage_settings', 'manage_users'] });
const su = () => sessionFixture({ role: 'su', capabilities: [] });

beforeEach(() => localStorage.clear());
afterEach(() => {
  notifications.clean();
  resetSessionStoreForTests();
});

describe('navigation guard', () => {
  it('sends a visitor without session to login, remembering the page', async () => {
    const { router } = renderApp('/flights', null);
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toBe('?redirect=%2Fflights');
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/auth/lost-password');
  });

  it('sends every navigation to the maintenance page while maintenance is on', async () => {
    const { router } = renderApp('/dashboard', operator(), { isMaintenance: true });
    expect(await pageTitle('Maintenance en cours')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maintenance');
  });

  it("sends a signed-out visitor from the login page to maintenance on the server's word, before any failed call", async () => {
    // GET /health as the server answers it in maintenance (200, no session needed); every other call would fail.
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input) => {
      calls.push(String(input));
      return String(input).endsWith('/health')
        ? new Response(JSON.stringify({ status: 'ok', maintenance: true }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Application en maintenance.' }), { status: 503 });
    };
    try {
      const { router } = renderApp('/auth/login', null);
      expect(await pageTitle('Maintenance en cours')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/maintenance');
      expect(calls[0]).toBe('/health');
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('opens a signed-in page on the session read sent with the page, without asking /health as well', async () => {
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input) => {
      calls.push(String(input));
      return new Response('{}', { status: 404 });
    };
    // What public/early-session.js left: GET /api/me, answered for a signed-in operator.
    window.__earlySession = Promise.resolve(new Response(JSON.stringify(operator()), { status: 200 }));
    try {
      resetSessionStoreForTests();
      const router = createMemoryRouter(routes, { initialEntries: ['/profile'] });
      render(
        <AppProviders queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>,
      );
      expect(await pageTitle('Mon profil')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/profile');
      expect(calls).not.toContain('/health');
      expect(calls).not.toContain('/api/me');
    } finally {
      globalThis.fetch = realFetch;
      window.__earlySession = undefined;
    }
  });

  it('redirects the root to the dashboard', async () => {
    const { router } = renderApp('/', operator());
    expect(await pageTitle('Tableau de bord')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('scrolls to the top on every navigation', async () => {
    const scrolls: unknown[] = [];
    const scrollTo = window.scrollTo;
    // jsdom cannot scroll: record the calls instead.
    window.scrollTo = ((...args: unknown[]) => scrolls.push(args)) as typeof window.scrollTo;
    try {
      const { router } = renderApp('/dashboard', operator());
      await pageTitle('Tableau de bord');
      const before = scrolls.length;
      await router.navigate('/planning');
      await pageTitle('Planning');
      expect(scrolls.length).toBeGreaterThan(before);
      expect(scrolls.at(-1)).toEqual([0, 0]);
    } finally {
      window.scrollTo = scrollTo;
    }
  });
});

describe('redirects and digits-only parameters', () => {
  it.each([
    ['/bookings/12', '/bookings/12/summary'],
    ['/flights/7', '/flights/7/summary'],
    ['/other-data', '/other-data/business-providers'],
    ['/other-data/balloons/3', '/other-data/balloons/3/summary'],
    ['/bookings', '/bookings/pending'],
  ])('%s goes to %s', async (from, to) => {
    const { router } = renderApp(from, admin());
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('redirects settings to the planning settings', async () => {
    const { router } = renderApp('/settings', admin());
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/planning'));
    expect(await pageTitle('Planning')).toBeInTheDocument();
  });

  it.each([
    '/bookings/abc',
    '/bookings/12a/summary',
    '/flights/x',
    '/other-data/balloons/1e3',
    '/nowhere',
  ])('%s shows the not-found page, named so in the tab', async (path) => {
    document.title = 'Montgolfière';
    const me = admin();
    renderApp(path, me);
    expect(await pageTitle('Page introuvable')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Page introuvable · ${me.global.app_name}`));
    expect(screen.getByRole('link', { name: "Retour à l'accueil" })).toHaveAttribute('href', '/');
  });

  it('shows the booking list of each status under its French title', async () => {
    renderApp('/bookings/in-progress', operator());
    expect(await pageTitle('Réservations en cours')).toBeInTheDocument();
  });
});

describe('role and setting guards', () => {
  it('refuses users to whoever lacks manage_users, su included', async () => {
    for (const me of [operator(), su()]) {
      const { router, unmount } = renderApp('/users', me);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(
        await screen.findByText('Page réservée aux rôles ayant le droit « Gérer les utilisateurs ».'),
      ).toBeInTheDocument();
      unmount();
      notifications.clean();
    }
    renderApp('/users', admin());
    expect(await pageTitle('Utilisateurs')).toBeInTheDocument();
  });

  it('refuses the settings area to an operator, saying once to whom it is reserved', async () => {
    for (const path of ['/settings/api-keys', '/settings']) {
      const { router, unmount } = renderApp(path, operator());
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      const said = 'Page réservée au super utilisateur et aux rôles ayant le droit « Gérer les paramètres ».';
      expect(await screen.findByText(said)).toBeInTheDocument();
      expect(await pageTitle('Tableau de bord')).toBeInTheDocument();
      expect(screen.getAllByText(said)).toHaveLength(1);
      unmount();
      notifications.clean();
    }
  });

  it('keeps capabilities and the online-shop settings to su', async () => {
    const first = renderApp('/settings/capabilities', admin());
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Page réservée au super utilisateur.')).toBeInTheDocument();
    first.unmount();
    renderApp('/settings/capabilities', su());
    expect(await pageTitle('Droits des rôles')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Boutique en ligne' })).toBeInTheDocument();
  });

  it('opens ticket templates with manage_ticket_templates or to su', async () => {
    const first = renderApp('/settings/ticket-templates', admin());
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByText(
        'Page réservée au super utilisateur et aux rôles ayant le droit « Gérer les modèles de billet ».',
      ),
    ).toBeInTheDocument();
    first.unmount();
    renderApp('/settings/ticket-templates/4', su());
    expect(await pageTitle('Modèle de billet')).toBeInTheDocument();
  });

  it('opens remote orders only when the import setting is on, and shows its link only then', async () => {
    const first = renderApp('/remote-orders', sessionFixture({ remoteOrdersImport: false }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('link', { name: 'Commandes à distance' })).not.toBeInTheDocument();
    first.unmount();
    renderApp('/remote-orders', sessionFixture({ remoteOrdersImport: true }));
    expect(await pageTitle('Commandes à distance')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commandes à distance' })).toBeInTheDocument();
  });
});

describe('layout', () => {
  it('shows the French navigation, with the booking statuses and only the allowed areas', async () => {
    renderApp('/dashboard', operator());
    await pageTitle('Tableau de bord');
    const nav = screen.getAllByRole('navigation', { name: 'Navigation principale' })[0]!;
    // 'Terrain' (issue 31): every signed-in user, an operator included.
    for (const label of ['Tableau de bord', 'Planning', 'Vols', 'Terrain', 'Autres données']) {
      expect(nav).toHaveTextContent(label);
    }
    expect(nav).not.toHaveTextContent('Paramètres');
    expect(nav).not.toHaveTextContent('Utilisateurs');
    await userEvent.click(screen.getAllByText('Réservations')[0]!);
    for (const label of ['En attente', 'En cours', 'Terminées', 'Annulées', 'Périmées']) {
      expect(await screen.findByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Montgolfière : accueil' })).toHaveAttribute('href', '/');
  });

  it('remembers the collapsed desktop navigation in localStorage', async () => {
    const first = renderApp('/dashboard', operator());
    await pageTitle('Tableau de bord');
    await userEvent.click(screen.getByRole('button', { name: 'Réduire la navigation' }));
    expect(localStorage.getItem(NAVIGATION_COLLAPSED_KEY)).toBe('true');
    first.unmount();

    renderApp('/planning', operator());
    await pageTitle('Planning');
    const expand = screen.getByRole('button', { name: 'Déplier la navigation' });
    expect(screen.getByRole('button', { name: 'Vols' })).toBeInTheDocument();
    await userEvent.click(expand);
    expect(localStorage.getItem(NAVIGATION_COLLAPSED_KEY)).toBe('false');
  });

  it('builds no side navigation on a phone: the burger opens it in a drawer', async () => {
    const width = window.innerWidth;
    window.innerWidth = 390;
    try {
      renderApp('/dashboard', operator());
      await pageTitle('Tableau de bord');
      expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Réduire la navigation' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Ouvrir la navigation' }));
      const drawer = await screen.findByRole('navigation', { name: 'Navigation principale' });
      expect(drawer).toHaveTextContent('Planning');
    } finally {
      window.innerWidth = width;
    }
  });
});
