import { BOOKING_STATUSES } from '@app/domain';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { RouteHandle } from '../lib/route-handle';
import { pathTo, ROUTE_PATHS, type RouteName } from '../lib/routes';
import NotFoundPage from '../pages/NotFoundPage';
import {
  accessLoader,
  alwaysRevalidate,
  authenticatedLoader,
  guestLoader,
  maintenanceLoader,
  prefetchLoader,
  redirectLoader,
} from './guard-loaders';
import { BootScreen } from './layout/BootScreen';
import { RootLayout } from './layout/RootLayout';

const routeReads = () => import('./route-reads');

import { RouteErrorPage } from './layout/RouteErrorPage';
import { page, withPageCode } from './page-route';

// Every route of the app, each page loaded on demand (code-split, ./page-route.tsx). Paths come from the name table in
// ./routes.ts.

const named = (name: RouteName, title?: string, extra: Omit<RouteHandle, 'name' | 'title'> = {}) => ({
  path: ROUTE_PATHS[name],
  handle: { name, title, ...extra } satisfies RouteHandle,
});

/**
 * A route that only redirects, from its loader. Its explicit null element is what React Router wants of a leaf
 * route: without one it warns 'Matched leaf route … does not have an element' on every visit.
 */
const redirectOnly = { element: null } as const;

/** A child route of a parent that redirects to it (its index route does the redirect). */
const indexRedirect = (name: RouteName): RouteObject => ({
  index: true,
  loader: redirectLoader(name),
  ...redirectOnly,
});

const bookingLists: RouteObject[] = Object.values(BOOKING_STATUSES).map((status) => ({
  path: `/bookings/${status.slug}`,
  handle: {
    name: 'bookings',
    title: `Réservations ${status.labelPlural.toLowerCase()}`,
    bookingStatus: status.slug,
  } satisfies RouteHandle,
  // The list's first page leaves with the page's code.
  loader: prefetchLoader(({ request }) =>
    routeReads().then((r) => r.bookingsListRead(status.slug, new URL(request.url).searchParams.get('filters'))),
  ),
  ...page(() => import('../features/bookings/BookingsPage')),
}));

const otherData: RouteObject = {
  ...named('other-data', undefined, { section: 'Autres données' }),
  ...page(() => import('../features/other-data/OtherDataLayout')),
  children: [
    indexRedirect('business-providers'),
    { ...named('balloons', 'Ballons'), ...page(() => import('../features/balloons/BalloonsPage')) },
    {
      ...named('single-balloon', 'Ballon'),
      ...page(() => import('../features/balloons/BalloonPage')),
      children: [
        indexRedirect('single-balloon-summary'),
        { ...named('single-balloon-summary'), ...page(() => import('../features/balloons/BalloonSummaryPage')) },
      ],
    },
    {
      ...named('booking-origins', 'Origines des réservations'),
      ...page(() => import('../features/booking-origins/BookingOriginsPage')),
    },
    {
      ...named('business-providers', 'Apporteurs'),
      ...page(() => import('../features/business-providers/BusinessProvidersPage')),
    },
    { ...named('flight-types', 'Types de vol'), ...page(() => import('../features/flight-types/FlightTypesPage')) },
    { ...named('locations', 'Lieux de vol'), ...page(() => import('../features/locations/LocationsPage')) },
    {
      ...named('passenger-types', 'Qualités des passagers'),
      ...page(() => import('../features/passenger-types/PassengerTypesPage')),
    },
    {
      ...named('payment-methods', 'Moyens de paiement'),
      ...page(() => import('../features/payment-methods/PaymentMethodsPage')),
    },
    { ...named('pilots', 'Pilotes'), ...page(() => import('../features/pilots/PilotsPage')) },
    { ...named('pilot-logbook', 'Carnet de vol'), ...page(() => import('../features/pilots/PilotLogbookPage')) },
    { ...named('prestations', 'Prestations'), ...page(() => import('../features/prestations/PrestationsPage')) },
    { ...named('teammates', 'Équipiers'), ...page(() => import('../features/teammates/TeammatesPage')) },
  ],
};

const settings: RouteObject = {
  ...named('settings', undefined, { section: 'Paramètres' }),
  loader: accessLoader('settings'),
  shouldRevalidate: alwaysRevalidate,
  ...page(() => import('../features/settings/SettingsLayout')),
  children: [
    indexRedirect('settings-planning'),
    {
      ...named('settings-planning', 'Planning'),
      ...page(() => import('../features/settings/PlanningSettingsPage')),
    },
    {
      ...named('ticket-templates', 'Modèles de billet'),
      loader: accessLoader('ticketTemplates'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/ticket-templates/TicketTemplatesPage')),
    },
    {
      ...named('single-ticket-template', 'Modèle de billet'),
      loader: accessLoader('ticketTemplates'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/ticket-templates/TicketTemplatePage')),
      children: [
        indexRedirect('single-ticket-template-summary'),
        {
          ...named('single-ticket-template-summary'),
          ...page(() => import('../features/ticket-templates/TicketTemplateSummaryPage')),
        },
        {
          ...named('single-ticket-template-preview'),
          ...page(() => import('../features/ticket-templates/TicketTemplatePreviewPage')),
        },
      ],
    },
    {
      ...named('settings-emails', 'Emails'),
      ...page(() => import('../features/settings/EmailsSettingsLayout')),
      children: [
        indexRedirect('settings-emails-global'),
        {
          ...named('settings-emails-global'),
          ...page(() => import('../features/settings/EmailGlobalSettingsPage')),
        },
        {
          ...named('email-templates'),
          ...page(() => import('../features/email-templates/EmailTemplatesPage')),
        },
      ],
    },
    {
      ...named('settings-operational-flight-plan', 'Plan de vol opérationnel'),
      ...page(() => import('../features/settings/OperationalFlightPlanSettingsPage')),
    },
    {
      ...named('settings-vouchers', 'Bons et validité'),
      ...page(() => import('../features/settings/VoucherSettingsPage')),
    },
    {
      ...named('settings-backups', 'Sauvegardes'),
      ...page(() => import('../features/settings/BackupSettingsPage')),
    },
    {
      ...named('capabilities', 'Droits des rôles'),
      loader: accessLoader('suOnly'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/capabilities/CapabilitiesPage')),
    },
    { ...named('api-keys', "Clés d'API"), ...page(() => import('../features/api-keys/ApiKeysPage')) },
    { ...named('widgets', 'Widgets'), ...page(() => import('../features/settings/WidgetsSettingsPage')) },
    {
      ...named('settings-online-shop', 'Boutique en ligne'),
      loader: accessLoader('suOnly'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/settings/OnlineShopSettingsPage')),
    },
  ],
};

const authenticated: RouteObject = {
  id: 'authenticated',
  loader: authenticatedLoader,
  shouldRevalidate: alwaysRevalidate,
  // Lazy too: the sign-in page needs none of the app shell.
  lazy: async () => ({ Component: (await import('./layout/AppLayout')).AppLayout }),
  children: [
    { ...named('home'), loader: redirectLoader('dashboard'), ...redirectOnly },
    {
      ...named('dashboard', 'Tableau de bord'),
      loader: prefetchLoader(() => routeReads().then((r) => r.dashboardQuery)),
      ...page(() => import('../features/dashboard/DashboardPage')),
    },
    // No list of all bookings in the spec: /bookings shows the pending ones, the first status.
    {
      path: '/bookings',
      loader: () => redirect(pathTo('bookings', { status: BOOKING_STATUSES.pending.slug })),
      ...redirectOnly,
    },
    ...bookingLists,
    {
      ...named('single-booking', 'Réservation'),
      // The booking's read leaves with the page's code (its summary, passengers and tickets all show it).
      loader: prefetchLoader(({ params }) => routeReads().then((r) => r.bookingRead(Number(params.bookingId)))),
      ...page(() => import('../features/bookings/BookingPage')),
      children: [
        indexRedirect('single-booking-summary'),
        { ...named('single-booking-summary'), ...page(() => import('../features/bookings/BookingSummaryPage')) },
        {
          ...named('single-booking-passengers'),
          ...page(() => import('../features/bookings/BookingPassengersPage')),
        },
        { ...named('single-booking-tickets'), ...page(() => import('../features/bookings/BookingTicketsPage')) },
      ],
    },
    { ...named('planning', 'Planning'), ...page(() => import('../features/planning/PlanningPage')) },
    { ...named('flights', 'Vols'), ...page(() => import('../features/flights/FlightsPage')) },
    {
      ...named('single-flight', 'Vol'),
      // The flight's read leaves with the page's code (its summary and operating plan both show it).
      loader: prefetchLoader(({ params }) => routeReads().then((r) => r.flightRead(Number(params.flightId)))),
      ...page(() => import('../features/flights/FlightPage')),
      children: [
        indexRedirect('single-flight-summary'),
        { ...named('single-flight-summary'), ...page(() => import('../features/flights/FlightSummaryPage')) },
        {
          ...named('single-flight-operating-plan'),
          ...page(() => import('../features/flights/FlightOperatingPlanPage')),
        },
      ],
    },
    {
      ...named('remote-orders', 'Commandes à distance'),
      loader: accessLoader('remoteOrders'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/remote-orders/RemoteOrdersPage')),
    },
    otherData,
    { ...named('profile', 'Mon profil'), ...page(() => import('../features/profile/ProfilePage')) },
    settings,
    {
      ...named('users', 'Utilisateurs'),
      loader: accessLoader('users'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/users/UsersPage')),
    },
    {
      // The whole write history: administrators (the settings guard, as GET /api/history on the server).
      ...named('history', 'Historique'),
      loader: accessLoader('settings'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/history/HistoryPage')),
    },
    {
      // What the vouchers are worth (issue 29): administrators, as GET /api/reports/vouchers. Its own chunk: the
      // charts load with this page only.
      ...named('vouchers-report', 'Rapports'),
      loader: accessLoader('settings'),
      shouldRevalidate: alwaysRevalidate,
      ...page(() => import('../features/reports/VouchersReportPage')),
    },
  ],
};

const authArea: RouteObject = {
  ...named('auth'),
  ...page(() => import('../features/auth/AuthLayout')),
  children: [
    { index: true, loader: () => redirect(ROUTE_PATHS.login), ...redirectOnly },
    { ...named('login', 'Connexion'), loader: guestLoader, ...page(() => import('../features/auth/LoginPage')) },
    {
      ...named('lost-password', 'Mot de passe oublié'),
      ...page(() => import('../features/auth/LostPasswordPage')),
    },
    {
      ...named('reset-password', 'Réinitialisation du mot de passe'),
      ...page(() => import('../features/auth/ResetPasswordPage')),
    },
    { ...named('first-login', 'Première connexion'), ...page(() => import('../features/auth/FirstLoginPage')) },
  ],
};

/** The launch field is its own page (terrain.html, src/terrain.tsx): the browser loads it anew, as the server serves it. */
const fieldPage = {
  loader: ({ request }: LoaderFunctionArgs): Promise<never> => {
    window.location.assign(request.url);
    // The page is being replaced: nothing renders meanwhile.
    return new Promise<never>(() => {});
  },
  ...redirectOnly,
} satisfies Partial<RouteObject>;

export const routes: RouteObject[] = withPageCode([
  {
    id: 'root',
    loader: maintenanceLoader,
    shouldRevalidate: alwaysRevalidate,
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    // The boot screen index.html painted stays until the first screen's code and session are in.
    HydrateFallback: BootScreen,
    children: [
      authenticated,
      authArea,
      { ...named('maintenance', 'Maintenance'), ...page(() => import('../pages/MaintenancePage')) },
      // The launch field (issue 31): its own page, outside the app shell (the back-office's navigation and counts
      // need the network; the field's page loads only what a phone without signal needs).
      { ...named('field', 'Terrain'), ...fieldPage },
      { ...named('field-flight', 'Terrain'), ...fieldPage },
      {
        ...named('widget-planning', 'Planning des vols'),
        ...page(() => import('../features/widget/PublicPlanningPage')),
      },
      { ...named('space', 'Votre espace'), ...page(() => import('../features/space/SpacePage')) },
      // Static: the error page shows it too (a non-digit id), and it is small.
      { path: '*', handle: { title: 'Page introuvable' }, Component: NotFoundPage },
    ],
  },
]);

export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
