import {
  BOOKING_STATUSES,
  type PlanningDay,
  type PlanningEventItem,
  type PlanningFlightItem,
  type PlanningItem,
} from '@app/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import type { KnownVersions } from '../engine/types.js';
import { fullName } from './booking-summaries.js';
import { loadFlightCompliance, loadFlightFileRules } from './flight-compliance.js';
import { passengersStillToFly } from './flight-realization.js';
import { precompiled } from './precompiled.js';

// POST /api/planning/day: what the planning day sidebar shows, in three queries whatever the number
// of flights: flights with their lookups and registration totals, events, pending passengers. Precompiled: this
// is read by every planning screen and by API clients.

export type { PlanningDay, PlanningEventItem, PlanningFlightItem, PlanningItem };

/** One query: the flights with their lookups, and the registration totals aggregated for that day only. */
const dayFlightsQuery = precompiled(
  (db: Kysely<DB>, day: string) =>
    db
      .selectFrom('flights as f')
      .innerJoin('flight_statuses as fs', 'fs.id', 'f.flight_status_id')
      .leftJoin('flight_types as ft', 'ft.id', 'f.flight_type_id')
      .leftJoin('locations as l', 'l.id', 'f.location_id')
      .leftJoin('prestations as pr', 'pr.id', 'f.prestation_id')
      .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
      .leftJoin('pilots as pi', 'pi.id', 'f.pilot_id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('registrations as r')
            .innerJoin('flights as rf', 'rf.id', 'r.flight_id')
            .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
            .select([
              'r.flight_id',
              sql<number>`count(*)`.as('passengers_count'),
              sql<number>`coalesce(sum(p.weight), 0)`.as('total_weight'),
            ])
            .where('rf.scheduled_date', '=', day)
            .groupBy('r.flight_id')
            .as('t'),
        (join) => join.onRef('t.flight_id', '=', 'f.id'),
      )
      .select([
        'f.id',
        'f.scheduled_date',
        'f.scheduled_time',
        'f.is_public',
        'f.takeoff_temperature',
        'f.flight_max_altitude',
        'f.takeoff_time',
        'f.landing_time',
        'f.flight_type_id',
        'f.location_id',
        'f.prestation_id',
        'f.balloon_id',
        'f.pilot_id',
        'f.flight_status_id',
        'fs.slug as status_slug',
        'fs.label as status_label',
        'fs.color as status_color',
        'fs.icon as status_icon',
        'fs.is_editable as status_is_editable',
        'ft.label as flight_type_label',
        'l.label as location_label',
        'l.takeoff_altitude as location_takeoff_altitude',
        'pr.label as prestation_label',
        'b.label as balloon_label',
        'b.passengers as balloon_passengers',
        'b.market_mass as balloon_market_mass',
        'b.envelope_temperature as balloon_envelope_temperature',
        'b.volume as balloon_volume',
        'pi.first_name as pilot_first_name',
        'pi.last_name as pilot_last_name',
        't.passengers_count',
        't.total_weight',
      ])
      .where('f.scheduled_date', '=', day),
  1,
);

async function dayFlights(db: Kysely<DB>, day: string): Promise<PlanningFlightItem[]> {
  const rows = await dayFlightsQuery(db, day);
  return rows.map((r) => {
    const passengersCount = Number(r.passengers_count ?? 0);
    const balloon =
      r.balloon_id === null
        ? null
        : {
            id: r.balloon_id,
            label: r.balloon_label ?? '',
            passengers: r.balloon_passengers ?? 0,
            market_mass: r.balloon_market_mass,
            envelope_temperature: r.balloon_envelope_temperature,
            volume: r.balloon_volume,
          };
    return {
      kind: 'flight',
      id: r.id,
      scheduled_date: r.scheduled_date,
      scheduled_time: r.scheduled_time,
      is_public: r.is_public,
      takeoff_temperature: r.takeoff_temperature,
      flight_max_altitude: r.flight_max_altitude,
      takeoff_time: r.takeoff_time,
      landing_time: r.landing_time,
      flight_type_id: r.flight_type_id,
      location_id: r.location_id,
      prestation_id: r.prestation_id,
      balloon_id: r.balloon_id,
      pilot_id: r.pilot_id,
      flight_status_id: r.flight_status_id,
      flight_status: {
        id: r.flight_status_id,
        slug: r.status_slug,
        label: r.status_label,
        color: r.status_color,
        icon: r.status_icon,
        is_editable: r.status_is_editable,
      },
      flight_type: r.flight_type_id === null ? null : { id: r.flight_type_id, label: r.flight_type_label ?? '' },
      location:
        r.location_id === null
          ? null
          : { id: r.location_id, label: r.location_label ?? '', takeoff_altitude: r.location_takeoff_altitude },
      prestation: r.prestation_id === null ? null : { id: r.prestation_id, label: r.prestation_label ?? '' },
      balloon,
      pilot:
        r.pilot_id === null
          ? null
          : { id: r.pilot_id, full_name: fullName(r.pilot_first_name ?? null, r.pilot_last_name ?? null) },
      passengers_count: passengersCount,
      total_weight: Number(r.total_weight ?? 0),
      availability: balloon ? balloon.passengers - passengersCount : null,
    };
  });
}

const dayEventsQuery = precompiled(
  (db: Kysely<DB>, day: string) =>
    db
      .selectFrom('events')
      .select(['id', 'scheduled_date', 'scheduled_time', 'title', 'description'])
      .where('scheduled_date', '=', day),
  1,
);

async function dayEvents(db: Kysely<DB>, day: string): Promise<PlanningEventItem[]> {
  const rows = await dayEventsQuery(db, day);
  return rows.map((e) => ({ kind: 'event', ...e }));
}

/**
 * Pending passengers of a day: sum of passengers_number over pending bookings that asked for this day, less the passengers who have
 * already flown (issue 27: a partly flown booking stays pending for the others). Driven from requested_dates
 * (indexed on date); (booking_id, date) is unique, so a booking is counted once.
 */
const pendingPassengersQuery = precompiled(
  (db: Kysely<DB>, day: string) =>
    db
      .selectFrom('requested_dates as rd')
      .innerJoin('bookings as b', 'b.id', 'rd.booking_id')
      .select(sql<number>`coalesce(sum(${passengersStillToFly('b')}), 0)`.as('total'))
      .where('rd.date', '=', day)
      .where('b.booking_status_id', '=', BOOKING_STATUSES.pending.id),
  1,
);

export async function pendingPassengers(db: Kysely<DB>, day: string): Promise<number> {
  const [row] = await pendingPassengersQuery(db, day);
  return Number(row?.total ?? 0);
}

/**
 * The same rule over several days (the dashboard's coming week): YYYY-MM-DD → pending passengers, days without any
 * left out. One grouped query over the requested_dates date index.
 */
export async function pendingPassengersByDay(db: Kysely<DB>, from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('requested_dates as rd')
    .innerJoin('bookings as b', 'b.id', 'rd.booking_id')
    .select(['rd.date', sql<number>`sum(${passengersStillToFly('b')})`.as('total')])
    .where('rd.date', '>=', from)
    .where('rd.date', '<=', to)
    .where('b.booking_status_id', '=', BOOKING_STATUSES.pending.id)
    .groupBy('rd.date')
    .execute();
  return new Map(rows.map((row) => [row.date, Number(row.total)]));
}

/** Flights first when a flight and an event share a time, then by id: a stable order for the sidebar. */
const byTime = (a: PlanningItem, b: PlanningItem): number =>
  a.scheduled_time.localeCompare(b.scheduled_time) ||
  (a.kind === b.kind ? 0 : a.kind === 'flight' ? -1 : 1) ||
  a.id - b.id;

/**
 * `day` must already be a calendar date YYYY-MM-DD (isCalendarDate in domain). `versions`: those a read request holds
 * (engine/count-cache.ts), for the kept hours before the day.
 */
export async function planningDay(db: Kysely<DB>, day: string, versions?: KnownVersions): Promise<PlanningDay> {
  // The flight file's rules beside the day's reads, and the flights' balloons and day given to the checks: on
  // PostgreSQL two rounds to the database instead of five.
  const [flights, events, pending, rules] = await Promise.all([
    dayFlights(db, day),
    dayEvents(db, day),
    pendingPassengers(db, day),
    loadFlightFileRules(db),
  ]);
  const compliance = await loadFlightCompliance(
    db,
    flights.map((f) => f.id),
    { rules, flights, versions },
  );
  for (const flight of flights) flight.compliance = compliance.get(flight.id)?.compliance ?? [];
  return { items: [...flights, ...events].sort(byTime), pending_passengers: pending };
}
