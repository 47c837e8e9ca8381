import { BOOKING_STATUSES } from '@app/domain';

// Route name → path table. The router (./router.tsx) declares each named route with the path
// found here, and links are built by name with pathTo(); a test checks both stay in step.

export const ROUTE_PATHS = {
  home: '/',
  dashboard: '/dashboard',
  bookings: '/bookings/:status',
  'single-booking': '/bookings/:bookingId',
  'single-booking-summary': '/bookings/:bookingId/summary',
  'single-booking-passengers': '/bookings/:bookingId/passengers',
  'single-booking-tickets': '/bookings/:bookingId/tickets',
  planning: '/planning',
  flights: '/flights',
  'single-flight': '/flights/:flightId',
  'single-flight-summary': '/flights/:flightId/summary',
  'single-flight-operating-plan': '/flights/:flightId/operating-plan',
  'remote-orders': '/remote-orders',
  'other-data': '/other-data',
  balloons: '/other-data/balloons',
  'single-balloon': '/other-data/balloons/:balloonId',
  'single-balloon-summary': '/other-data/balloons/:balloonId/summary',
  'booking-origins': '/other-data/booking-origins',
  'business-providers': '/other-data/business-providers',
  'flight-types': '/other-data/flight-types',
  locations: '/other-data/locations',
  'passenger-types': '/other-data/passenger-types',
  'payment-methods': '/other-data/payment-methods',
  pilots: '/other-data/pilots',
  /** Issue 30: a pilot's logbook (realized flights, totals, PDF and CSV). */
  'pilot-logbook': '/other-data/pilots/:pilotId/logbook',
  prestations: '/other-data/prestations',
  teammates: '/other-data/teammates',
  profile: '/profile',
  settings: '/settings',
  'settings-planning': '/settings/planning',
  'ticket-templates': '/settings/ticket-templates',
  'single-ticket-template': '/settings/ticket-templates/:ticketTemplateId',
  'single-ticket-template-summary': '/settings/ticket-templates/:ticketTemplateId/summary',
  'single-ticket-template-preview': '/settings/ticket-templates/:ticketTemplateId/preview',
  'settings-emails': '/settings/emails',
  'settings-emails-global': '/settings/emails/global-settings',
  'email-templates': '/settings/emails/email-templates',
  'settings-operational-flight-plan': '/settings/operational-flight-plan',
  'settings-vouchers': '/settings/vouchers',
  'settings-backups': '/settings/backups',
  capabilities: '/settings/capabilities',
  'api-keys': '/settings/api-keys',
  widgets: '/settings/widgets',
  'settings-online-shop': '/settings/online-shop',
  users: '/users',
  history: '/history',
  'vouchers-report': '/reports/vouchers',
  /** The crew's day on the launch field, offline (issue 31): outside the app shell, phone-first. */
  field: '/terrain',
  'field-flight': '/terrain/:flightId',
  auth: '/auth',
  login: '/auth/login',
  'lost-password': '/auth/lost-password',
  'reset-password': '/auth/reset-password',
  'first-login': '/auth/first-login',
  maintenance: '/maintenance',
  /** The public planning widget, framed on an operator's site (outside the app shell, no session). */
  'widget-planning': '/widget/planning',
  /** Issue 28: the passenger's private space of a booking, opened by its link alone (no session, no app shell). */
  space: '/espace/:token',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<Name extends RouteName> = Record<ParamNames<(typeof ROUTE_PATHS)[Name]>, string | number>;

type PathToArgs<Name extends RouteName> =
  ParamNames<(typeof ROUTE_PATHS)[Name]> extends never
    ? [params?: undefined, query?: Record<string, string>]
    : [params: RouteParams<Name>, query?: Record<string, string>];

/** Builds the URL of a named route: pathTo('single-booking', { bookingId: 12 }) → '/bookings/12'. */
export function pathTo<Name extends RouteName>(name: Name, ...[params, query]: PathToArgs<Name>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = ROUTE_PATHS[name].replace(/:(\w+)/g, (_match, param: string) => {
    const value = values[param];
    if (value === undefined || value === '') throw new Error(`pathTo(${name}): missing parameter ${param}`);
    return encodeURIComponent(String(value));
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** Slugs of the booking lists (one per booking status); each is its own static route so /bookings/{digits} stays a booking. */
export const BOOKING_LIST_SLUGS = Object.values(BOOKING_STATUSES).map((status) => status.slug);

/** Auth pages, the public widgets and the maintenance and not-found pages are reachable without a session. */
export const PUBLIC_PATH_PREFIXES = [ROUTE_PATHS.auth, ROUTE_PATHS.maintenance, '/widget', '/espace'] as const;
