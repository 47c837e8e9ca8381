import {
  BOOKING_STATUSES,
  type CalendarEvent,
  type CalendarFlight,
  isCalendarDate,
  MESSAGES,
  type PlanningRange,
} from '@app/domain';
import { type Kysely, sql } from 'kysely';
import { ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { answerCache, jsonOnce } from '../engine/answer-cache.js';
import type { KnownVersions } from '../engine/types.js';
import { fullName } from './booking-summaries.js';
import { passengersStillToFly } from './flight-realization.js';

// POST /api/planning/range {from, to}: what the planning calendar shows for a week or a month (issue 9): each
// flight with its time, status, balloon, seats left; each event; the pending passengers of each day. Three
// queries whatever the number of days, bounded to 42 days (six weeks, a month grid).

export const MAX_RANGE_DAYS = 42;

export type { CalendarEvent, CalendarFlight, PlanningRange };

const DAY_MS = 86_400_000;

/** The `{from, to}` body: two real dates, in order, at most 42 days apart (422 naming the field otherwise). */
export function parseRange(body: Record<string, unknown>): { from: string; to: string } {
  const { from, to } = body;
  const errors: Record<string, string[]> = {};
  if (typeof from !== 'string' || !isCalendarDate(from)) errors.from = [MESSAGES.unexpectedFlightParameter];
  if (typeof to !== 'string' || !isCalendarDate(to)) errors.to = [MESSAGES.unexpectedFlightParameter];
  for (const key of Object.keys(body)) if (key !== 'from' && key !== 'to') errors[key] = ['Champ non autorisé.'];
  if (Object.keys(errors).length) throw new ValidationError(errors, MESSAGES.unexpectedFlightParameter);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1 || days > MAX_RANGE_DAYS) {
    throw new ValidationError(
      { to: [`La période doit compter de 1 à ${MAX_RANGE_DAYS} jours.`] },
      `La période doit compter de 1 à ${MAX_RANGE_DAYS} jours.`,
    );
  }
  return { from: from as string, to: to as string };
}

// Every user's calendar asks for the same weeks and months: each part of the answer is kept while none of the
// tables it reads was written (engine/answer-cache.ts), so a calendar costs one small read until someone writes.
// The flights and the pending passengers are kept apart: a sale or a booking's change (most of an office's writes)
// recomputes the pending passengers only, and the flights' JSON (80 kB for a month) is not written again.
const FLIGHT_TABLES = ['flights', 'balloons', 'locations', 'registrations', 'events'];
// The pending passengers leave out those who have flown (issue 27): registrations and flights say who has.
const PENDING_TABLES = ['requested_dates', 'bookings', 'passengers', 'registrations', 'flights'];

type RangeFlights = Pick<PlanningRange, 'flights' | 'events'>;

const flightAnswers = answerCache<RangeFlights>({
  name: 'services/planning-range.ts (planningRange)',
  keeps: "The planning calendar's flights and events over a range of days",
  key: 'The first and last day',
  tables: FLIGHT_TABLES,
  maxEntries: 48,
});
const pendingAnswers = answerCache<PlanningRange['pending_passengers']>({
  name: 'services/planning-range.ts (pendingPassengers)',
  keeps: "The planning calendar's pending passengers per day over a range of days",
  key: 'The first and last day',
  tables: PENDING_TABLES,
  maxEntries: 48,
});

/** `versions`: those a read request holds (engine/count-cache.ts), compared with the kept parts' own. */
function rangeParts(db: Kysely<DB>, from: string, to: string, versions?: KnownVersions) {
  const key = `${from}|${to}`;
  return Promise.all([
    flightAnswers(db, key, () => rangeFlights(db, from, to), versions),
    pendingAnswers(db, key, () => rangePending(db, from, to), versions),
  ]);
}

export async function planningRange(
  db: Kysely<DB>,
  from: string,
  to: string,
  versions?: KnownVersions,
): Promise<PlanningRange> {
  const [{ flights, events }, pending] = await rangeParts(db, from, to, versions);
  return { flights, events, pending_passengers: pending };
}

const bytes = (text: string) => Buffer.from(text, 'utf8');
const [OPEN, EVENTS, PENDING, CLOSE] = ['{"flights":', ',"events":', ',"pending_passengers":', '}'].map(bytes) as [
  Buffer,
  Buffer,
  Buffer,
  Buffer,
];

/** planningRange's JSON, made of each kept part's JSON, serialised once per part. */
export async function planningRangeJson(
  db: Kysely<DB>,
  from: string,
  to: string,
  versions?: KnownVersions,
): Promise<Buffer> {
  const [{ flights, events }, pending] = await rangeParts(db, from, to, versions);
  return Buffer.concat([OPEN, jsonOnce(flights), EVENTS, jsonOnce(events), PENDING, jsonOnce(pending), CLOSE]);
}

/** A flight of a date range with what the calendar and the dashboard show of it. */
export type RangeFlight = CalendarFlight & { pilot: { id: number; full_name: string } | null };

/**
 * The flights of [from, to] by date and time, with their balloon, place, pilot and registrations counted in one
 * grouped read of the range (the calendar and the dashboard's week).
 */
export async function flightsBetween(db: Kysely<DB>, from: string, to: string): Promise<RangeFlight[]> {
  const rows = await db
    .selectFrom('flights as f')
    .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .leftJoin('pilots as pi', 'pi.id', 'f.pilot_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('registrations as r')
          .innerJoin('flights as rf', 'rf.id', 'r.flight_id')
          .select(['r.flight_id', sql<number>`count(*)`.as('n')])
          .where('rf.scheduled_date', '>=', from)
          .where('rf.scheduled_date', '<=', to)
          .groupBy('r.flight_id')
          .as('t'),
      (join) => join.onRef('t.flight_id', '=', 'f.id'),
    )
    .select([
      'f.id',
      'f.scheduled_date',
      'f.scheduled_time',
      'f.flight_status_id',
      'f.is_public',
      'f.balloon_id',
      'b.label as balloon_label',
      'b.passengers as balloon_passengers',
      'f.location_id',
      'l.label as location_label',
      'f.pilot_id',
      'pi.first_name as pilot_first_name',
      'pi.last_name as pilot_last_name',
      't.n as passengers_count',
    ])
    .where('f.scheduled_date', '>=', from)
    .where('f.scheduled_date', '<=', to)
    .orderBy('f.scheduled_date')
    .orderBy('f.scheduled_time')
    .orderBy('f.id')
    .execute();
  return rows.map((r) => {
    const count = Number(r.passengers_count ?? 0);
    const seats =
      r.balloon_passengers === null || r.balloon_passengers === undefined ? null : Number(r.balloon_passengers);
    return {
      id: r.id,
      scheduled_date: r.scheduled_date,
      scheduled_time: r.scheduled_time,
      flight_status_id: r.flight_status_id,
      is_public: r.is_public,
      balloon:
        r.balloon_id === null ? null : { id: r.balloon_id, label: r.balloon_label ?? '', passengers: seats ?? 0 },
      location: r.location_id === null ? null : { id: r.location_id, label: r.location_label ?? '' },
      pilot:
        r.pilot_id === null
          ? null
          : { id: r.pilot_id, full_name: fullName(r.pilot_first_name ?? null, r.pilot_last_name ?? null) },
      passengers_count: count,
      availability: seats === null ? null : seats - count,
    };
  });
}

async function rangeFlights(db: Kysely<DB>, from: string, to: string): Promise<RangeFlights> {
  const [flights, events] = await Promise.all([
    flightsBetween(db, from, to),
    db
      .selectFrom('events')
      .select(['id', 'scheduled_date', 'scheduled_time', 'title'])
      .where('scheduled_date', '>=', from)
      .where('scheduled_date', '<=', to)
      .orderBy('scheduled_date')
      .orderBy('scheduled_time')
      .orderBy('id')
      .execute(),
  ]);
  // Who flies is not the calendar's business (and an API key must never read it: routes/planning.ts).
  return { flights: flights.map(({ pilot: _pilot, ...flight }) => flight), events };
}

async function rangePending(db: Kysely<DB>, from: string, to: string): Promise<PlanningRange['pending_passengers']> {
  const pending = await db
    .selectFrom('requested_dates as rd')
    .innerJoin('bookings as bk', 'bk.id', 'rd.booking_id')
    .select(['rd.date', sql<number>`sum(${passengersStillToFly('bk')})`.as('n')])
    .where('rd.date', '>=', from)
    .where('rd.date', '<=', to)
    .where('bk.booking_status_id', '=', BOOKING_STATUSES.pending.id)
    .groupBy('rd.date')
    .execute();
  return Object.fromEntries(pending.map((row) => [row.date, Number(row.n)]));
}
