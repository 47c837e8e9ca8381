import { addDays } from './calendar.js';
import type { ComplianceItem } from './flight-file.js';
import type { Filter } from './query.js';
import { formatFilters } from './query-format.js';
import { BOOKING_STATUSES, FLIGHT_STATUSES } from './statuses.js';
import { EXPIRING_SOON_DAYS } from './validity.js';

// GET /api/dashboard (issue 12 point 1): what the landing page shows. Shared by the server (which computes it) and
// the web app (which draws it); the filters of each 'to do' item are the bookings list's own query language, so a
// card's count and the list its link opens are the same set (tested on both engines).

/** Days after today the dashboard looks at (today + 7 = eight days). */
export const DASHBOARD_DAYS = 7;

export type DashboardFlight = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  flight_status_id: number;
  location: { id: number; label: string } | null;
  balloon: { id: number; label: string; passengers: number } | null;
  pilot: { id: number; full_name: string } | null;
  passengers_count: number;
  /** balloon.passengers − passengers_count; null without a balloon. */
  availability: number | null;
  /** Issue 30: the flight file's warnings on the flight's day. */
  compliance?: ComplianceItem[];
};

export type AttentionKey =
  | 'prestation_to_specify'
  | 'incomplete_bookings'
  | 'pre_flight_infos'
  | 'remaining_due'
  | 'registration_requests'
  | 'expiring_vouchers'
  | 'refund_to_offer'
  | 'weight_changes';

/** One list a 'to do' item opens: a bookings list of a status (or the flights list) narrowed by `filters`. */
export type AttentionLink = {
  /** Booking status slug of the list, or null for the flights list. */
  status: string | null;
  count: number;
  /** Filters in the list-query language (`field|op|value,...`), as the list's `filters` parameter. */
  filters: string;
};

export type AttentionItem = { key: AttentionKey; label: string; count: number; links: AttentionLink[] };

export type DashboardMonth = {
  /** 1 to 12. */
  month: number;
  /** Bookings bought (booked_at) that month this season and the one before. */
  bookings: number;
  previous_bookings: number;
  realized: number;
  weather_postponed: number;
  canceled: number;
  /** Total amount of the bookings bought that month (canceled ones left out), and what remains due on them. */
  revenue: number;
  remaining_due: number;
};

export type Dashboard = {
  today: string;
  /** Season = calendar year of today (the operator's flying year, March to November, lies within one). */
  season: number;
  flights: DashboardFlight[];
  /** Each day from today to today + DASHBOARD_DAYS with its pending passengers (the sum of passengers_number over pending bookings asking for it), zeros included. */
  pending_passengers: { date: string; count: number }[];
  attention: AttentionItem[];
  months: DashboardMonth[];
};

export const ATTENTION_LABELS: Record<AttentionKey, string> = {
  prestation_to_specify: 'Commandes importées : prestation à préciser',
  incomplete_bookings: 'Réservations incomplètes sur un vol à venir',
  pre_flight_infos: 'Informations pré-vol non envoyées (vol sous 7 jours)',
  remaining_due: 'Reste à payer',
  registration_requests: "Demandes d'inscription en attente",
  expiring_vouchers: `Bons expirant sous ${EXPIRING_SOON_DAYS} jours`,
  refund_to_offer: 'Remboursement à proposer',
  weight_changes: 'Poids modifié après inscription',
};

/** Booking statuses whose bookings are still to fly (the editable ones: pending and in progress). */
export const OPEN_BOOKING_STATUS_IDS = [BOOKING_STATUSES.pending.id, BOOKING_STATUSES.inProgress.id] as const;
/** Remaining amounts are due on every booking but canceled and expired ones. */
export const DUE_BOOKING_STATUS_IDS = [
  BOOKING_STATUSES.pending.id,
  BOOKING_STATUSES.inProgress.id,
  BOOKING_STATUSES.completed.id,
] as const;

/**
 * The bookings-list filters of each bookings item (the status is the list's own). `passengers.next_flights` is the
 * passengers' planned flights from today on (resources/passengers.ts).
 */
export function attentionFilters(
  today: string,
): Record<Exclude<AttentionKey, 'registration_requests' | 'weight_changes'>, Filter[]> {
  return {
    // Issue 27: open bookings imported from the shop or a partner file whose product matched no prestation.
    prestation_to_specify: [{ field: 'prestation_to_specify', op: '=', value: '1' }],
    incomplete_bookings: [
      { field: 'passengers.next_flights.scheduled_date', op: '>=', value: today },
      { field: 'has_all_infos', op: '=', value: '0' },
    ],
    pre_flight_infos: [
      { field: 'passengers.next_flights.scheduled_date', op: '<=', value: addDays(today, DASHBOARD_DAYS) },
      { field: 'has_pre_flight_infos', op: '=', value: '0' },
    ],
    remaining_due: [{ field: 'remaining_amount', op: '>', value: '0' }],
    expiring_vouchers: [
      { field: 'validity_date', op: '>=', value: today },
      { field: 'validity_date', op: '<=', value: addDays(today, EXPIRING_SOON_DAYS) },
    ],
    // Issue 29: open bookings the refund rule raised after repeated weather postponements.
    refund_to_offer: [{ field: 'refund_to_offer', op: '=', value: '1' }],
  };
}

/** The flights list filter of planned flights from today with a registration request waiting. */
export function registrationRequestFilters(today: string): Filter[] {
  return [
    { field: 'registration_requests.status', op: '=', value: 'pending' },
    { field: 'scheduled_date', op: '>=', value: today },
    { field: 'flight_status_id', op: '=', value: String(FLIGHT_STATUSES.planned.id) },
  ];
}

/**
 * Issue 28: the flights list filter of planned flights from today where a passenger changed their weight in their
 * space after being registered (the pilot's mass plan changed).
 */
export function weightChangeFilters(today: string): Filter[] {
  return [
    { field: 'weight_changed', op: '=', value: '1' },
    { field: 'scheduled_date', op: '>=', value: today },
    { field: 'flight_status_id', op: '=', value: String(FLIGHT_STATUSES.planned.id) },
  ];
}

export const formatAttentionFilters = formatFilters;
