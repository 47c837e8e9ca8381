import type { Registry, Resource } from '../engine/types.js';
import { emailTemplates, settings, users } from './administration.js';
import { balloons } from './balloons.js';
import { bookingLinks, bookingNotes, requestedDates, woocommerceSyncNotifications } from './booking-parts.js';
import { bookings } from './bookings.js';
import { customers } from './customers.js';
import { flights } from './flights.js';
import { history } from './history.js';
import { locations } from './locations.js';
import {
  bookingOrigins,
  bookingStatuses,
  businessProviders,
  customerTypes,
  flightSchedules,
  flightStatuses,
  flightTypes,
  passengerTypes,
  paymentMethods,
  roles,
} from './lookups.js';
import { passengers } from './passengers.js';
import { pilots } from './pilots.js';
import { events, flightNotes, registrationRequests, registrations } from './planning.js';
import { prestations } from './prestations.js';
import { teammates } from './teammates.js';
import { ticketTemplates } from './ticket-templates.js';
import { bookingValidityExtensions, flightPostponements } from './validity.js';

// Every declared resource (one per entity), keyed by its path under /api.
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
