import {
  BOOKING_STATUSES,
  FLIGHT_RECORD_FIELDS,
  FLIGHT_RECORD_MESSAGES,
  FLIGHT_STATUSES,
  OPEN_BOOKING_STATUS_IDS,
} from '@app/domain';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { type Auth, authorOf } from '../core/context.js';
import { ValidationError } from '../core/errors.js';
import { lockRow } from '../db/row-lock.js';
import type { DB } from '../db/schema.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { lockBookings } from './booking-rules.js';

// Issue 27, docs/decisions.md 'A realized flight closes what has flown'. When a flight becomes 'Réalisé', each
// passenger registered on it has flown. On every open booking (pending, in progress) it carries, in the status
// change's own transaction:
// - a booking whose passengers have all flown (as many passengers as booked, each registered on a realized flight)
//   becomes 'Terminée';
// - its requested dates on or before the flight's day are closed: removed, as the weather postponement removes the
//   flight's date, so the pending list, the day's pending passengers and the add-passengers list stop counting it
//   for those days (a partly flown booking stays open, asking for its later dates only);
// - what was closed is kept in flight_closures, and each change written to the history, tagged with the flight.
// Setting the flight to any other status undoes exactly that, booking by booking, except on a booking whose status
// is no longer the one the realization left (changed by hand, or completed by a later flight): that one is left
// alone.

type Trx = Transaction<DB>;

const REALIZED = FLIGHT_STATUSES.realized.id;
const COMPLETED = BOOKING_STATUSES.completed.id;
const isOpen = (status: number) => (OPEN_BOOKING_STATUS_IDS as readonly number[]).includes(status);

/**
 * A booking's passengers still to fly, for the pending counts: its passenger count less its passengers registered
 * on a realized flight, never below zero. `booking` is the alias of the bookings row in the caller's query. Read from
 * flown_registrations (migration 0037), which the database keeps: a pending booking has no row there.
 */
export const passengersStillToFly = (booking: string): RawBuilder<number> => {
  // The floor at zero inside the count's own subquery: written around it (`case when left > 0 then left`), both
  // engines ran the correlated count twice per booking.
  const left = sql`${sql.ref(`${booking}.passengers_number`)} - count(*)`;
  return sql<number>`(select case when ${left} > 0 then ${left} else 0 end from (
    select 1 as flown from flown_registrations fr where fr.booking_id = ${sql.ref(`${booking}.id`)}
    group by fr.passenger_id having sum(fr.delta) > 0) as flown)`;
};

/** Takes the flight's row lock (db/row-lock.ts) and reads it as it is now. */
async function lockFlight(trx: Trx, flightId: number) {
  await lockRow(trx, 'flights', flightId);
  return trx
    .selectFrom('flights')
    .select(['id', 'scheduled_date', 'flight_status_id'])
    .where('id', '=', flightId)
    .executeTakeFirst();
}

const statusEntry = (bookingId: number, flightId: number, from: number, to: number): HistoryEntry => ({
  resource: 'bookings',
  recordId: bookingId,
  action: 'update',
  changes: diffRow({ booking_status_id: from }, { booking_status_id: to }),
  bookingId,
  flightId,
});

/** The flight becomes realized: its passengers have flown (see the header). In the caller's transaction. */
export async function realizeFlightIn(trx: Trx, flightId: number, auth: Auth | null): Promise<void> {
  const flight = await lockFlight(trx, flightId);
  // Already realized by a concurrent write: what it closed is closed once.
  if (!flight || flight.flight_status_id === REALIZED) return;
  const carried = await trx
    .selectFrom('registrations as r')
    .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
    .select('p.booking_id')
    .distinct()
    .where('r.flight_id', '=', flightId)
    .execute();
  const carriedIds = carried.map((row) => row.booking_id);
  if (carriedIds.length === 0) return;
  await lockBookings(trx, carriedIds);
  const bookings = (
    await trx
      .selectFrom('bookings')
      .select(['id', 'booking_status_id', 'passengers_number'])
      .where('id', 'in', carriedIds)
      .orderBy('id')
      .execute()
  ).filter((b) => isOpen(b.booking_status_id));
  if (bookings.length === 0) return;
  const openIds = bookings.map((b) => b.id);
  // Flown: registered on this flight (not yet realized in the table: the engine writes the status after this hook)
  // or on another realized flight.
  const passengers = await trx
    .selectFrom('passengers as p')
    .select([
      'p.booking_id',
      sql<number>`case when exists (
        select 1 from registrations r join flights f on f.id = r.flight_id
        where r.passenger_id = p.id and (r.flight_id = ${flightId} or f.flight_status_id = ${sql.lit(REALIZED)})
      ) then 1 else 0 end`.as('has_flown'),
    ])
    .where('p.booking_id', 'in', openIds)
    .execute();
  const dates = await trx
    .selectFrom('requested_dates')
    .selectAll()
    .where('booking_id', 'in', openIds)
    .where('date', '<=', flight.scheduled_date)
    .orderBy('date')
    .execute();

  const now = new Date().toISOString();
  const history: HistoryEntry[] = [];
  for (const booking of bookings) {
    const own = passengers.filter((p) => p.booking_id === booking.id);
    const hasAllFlown = own.length >= booking.passengers_number && own.every((p) => Number(p.has_flown) === 1);
    const status = hasAllFlown ? COMPLETED : booking.booking_status_id;
    const closed = dates.filter((d) => d.booking_id === booking.id);
    if (status === booking.booking_status_id && closed.length === 0) continue;
    if (status !== booking.booking_status_id) {
      await trx
        .updateTable('bookings')
        .set({ booking_status_id: status, updated_at: now })
        .where('id', '=', booking.id)
        .execute();
      history.push(statusEntry(booking.id, flightId, booking.booking_status_id, status));
    }
    if (closed.length > 0) {
      await trx
        .deleteFrom('requested_dates')
        .where(
          'id',
          'in',
          closed.map((d) => d.id),
        )
        .execute();
      for (const d of closed) {
        history.push({
          resource: 'requested-dates',
          recordId: d.id,
          action: 'delete',
          changes: diffRow({ ...d }, null),
          bookingId: booking.id,
          flightId,
        });
      }
    }
    const closure = await trx
      .insertInto('flight_closures')
      .values({
        flight_id: flightId,
        booking_id: booking.id,
        previous_booking_status_id: booking.booking_status_id,
        booking_status_id: status,
        closed_dates: JSON.stringify(closed.map((d) => d.date)),
        closed_at: now,
        user_id: authorOf(auth),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    history.push({
      resource: 'flight-closures',
      recordId: closure.id,
      action: 'create',
      changes: diffRow(null, { ...closure, closed_dates: closed.map((d) => d.date) }),
      bookingId: booking.id,
      flightId,
    });
  }
  await recordHistory(trx, auth, history);
}

/** The flight is no longer realized: what its realization closed is opened again (see the header). */
export async function undoRealizationIn(trx: Trx, flightId: number, auth: Auth | null): Promise<void> {
  const flight = await lockFlight(trx, flightId);
  if (!flight || flight.flight_status_id !== REALIZED) return;
  const closures = await trx
    .selectFrom('flight_closures')
    .selectAll()
    .where('flight_id', '=', flightId)
    .orderBy('booking_id')
    .execute();
  if (closures.length === 0) return;
  const bookingIds = closures.map((c) => c.booking_id);
  await lockBookings(trx, bookingIds);
  const current = new Map(
    (await trx.selectFrom('bookings').select(['id', 'booking_status_id']).where('id', 'in', bookingIds).execute()).map(
      (b) => [b.id, b.booking_status_id],
    ),
  );
  const now = new Date().toISOString();
  const history: HistoryEntry[] = [];
  for (const closure of closures) {
    const status = current.get(closure.booking_id);
    // Someone (or a later flight) moved the booking on since: it is theirs now.
    if (status !== closure.booking_status_id) continue;
    if (closure.previous_booking_status_id !== closure.booking_status_id) {
      await trx
        .updateTable('bookings')
        .set({ booking_status_id: closure.previous_booking_status_id, updated_at: now })
        .where('id', '=', closure.booking_id)
        .execute();
      history.push(statusEntry(closure.booking_id, flightId, status, closure.previous_booking_status_id));
    }
    const dates = JSON.parse(closure.closed_dates) as string[];
    for (const date of dates) {
      // A date asked again since is there already: kept as it is.
      const restored = await trx
        .insertInto('requested_dates')
        .values({ booking_id: closure.booking_id, date })
        .onConflict((oc) => oc.columns(['booking_id', 'date']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (restored) {
        history.push({
          resource: 'requested-dates',
          recordId: restored.id,
          action: 'create',
          changes: diffRow(null, { ...restored }),
          bookingId: closure.booking_id,
          flightId,
        });
      }
    }
  }
  await trx.deleteFrom('flight_closures').where('flight_id', '=', flightId).execute();
  for (const closure of closures) {
    history.push({
      resource: 'flight-closures',
      recordId: closure.id,
      action: 'delete',
      changes: diffRow({ ...closure, closed_dates: JSON.parse(closure.closed_dates) }, null),
      bookingId: closure.booking_id,
      flightId,
    });
  }
  await recordHistory(trx, auth, history);
}

/**
 * The flights resource's hook for PUT /api/flights/{id} status changes: to 'Réalisé' closes what has flown, from it
 * to any other status undoes it. Runs after the weather postponement's rule, so a postponed flight set to realized
 * has its passengers back first.
 */
export async function applyRealizationRule(
  trx: Trx,
  existing: Record<string, unknown>,
  values: Record<string, unknown>,
  auth: Auth | null,
): Promise<void> {
  const next = values.flight_status_id;
  if (next === undefined || next === existing.flight_status_id) return;
  const flightId = Number(existing.id);
  if (next === REALIZED) await realizeFlightIn(trx, flightId, auth);
  else if (existing.flight_status_id === REALIZED) await undoRealizationIn(trx, flightId, auth);
}

const RECORD_FIELDS = new Set<string>(['flight_status_id', ...FLIGHT_RECORD_FIELDS]);

/**
 * PUT /api/flights/{id} on a realized flight: its flight record (times, temperature, altitude reached) and its
 * status may still change, nothing else (422 naming each refused field, nothing written).
 */
export function checkRealizedFlightUpdate(values: Record<string, unknown>, lists: ReadonlyMap<string, number[]>) {
  const refused = [...Object.keys(values), ...lists.keys()].filter((key) => !RECORD_FIELDS.has(key));
  if (refused.length === 0) return;
  throw new ValidationError(
    Object.fromEntries(refused.map((key) => [key, [FLIGHT_RECORD_MESSAGES.lockedField]])),
    FLIGHT_RECORD_MESSAGES.locked,
  );
}
