import type { Registry, Resource } from '../engine/types.js';
import { balloons } from './balloons.js';
import { bookingLinks } from './booking-links.js';
import { bookingNotes } from './booking-notes.js';
import { bookingOrigins } from './booking-origins.js';
import { bookingStatuses } from './booking-statutes.js';
import { bookingValidityExtensions } from './booking-validity-extensions.js';
import { bookings } from './bookings.js';
import { businessProviders } from './business-providers.js';
import { customerTypes } from './customer-types.js';
import { customers } from './customers.js';
import { emailTemplates } from './email-templates.js';
import { events } from './events.js';
import { flightNotes } from './flight-notes.js';
import { flightPostponements } from './flight-postponements.js';
import { flightSchedules } from './flight-schedules.js';
import { flightStatuses } from './flight-statutes.js';
import { flightTypes } from './flight-types.js';
import { flights } from './flights.js';
import { history } from './history.js';
import { locations } from './locations.js';
import { passengerTypes } from './passenger-types.js';
import { passengers } from './passengers.js';
import { paymentMethods } from './payment-methods.js';
import { pilots } from './pilots.js';
import { prestations } from './prestations.js';
import { registrationRequests } from './registration-requests.js';
import { registrations } from './registrations.js';
import { requestedDates } from './requested-dates.js';
import { roles } from './roles.js';
import { settings } from './settings.js';
import { teammates } from './teammates.js';
import { ticketTemplates } from './ticket-templates.js';
import { users } from './users.js';
import { woocommerceSyncNotifications } from './woocommerce-sync-notifications.js';

// Every declared resource, keyed by its path under /api: one file per resource, named by that path.
export const RESOURCES: readonly Resource[] = [
  bookings,
  bookingLinks,
  requestedDates,
  bookingNotes,
  bookingOrigins,
  businessProviders,
  paymentMethods,
  passengerTypes,
  customers,
  customerTypes,
  passengers,
  balloons,
  events,
  flights,
  flightNotes,
  flightTypes,
  locations,
  pilots,
  teammates,
  prestations,
  ticketTemplates,
  registrations,
  registrationRequests,
  emailTemplates,
  settings,
  users,
  bookingStatuses,
  flightStatuses,
  flightSchedules,
  roles,
  woocommerceSyncNotifications,
  bookingValidityExtensions,
  flightPostponements,
  history,
];

export const registry: Registry = new Map(RESOURCES.map((r) => [r.name, r]));
