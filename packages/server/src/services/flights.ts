import { type FlightBooking, INITIAL_FLIGHT_STATUS_ID, MESSAGES } from '@app/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Auth } from '../core/context.js';
import { NotFoundError } from '../core/errors.js';
import type { DB, FlightsTable } from '../db/schema.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { groupBy, loadBookingSummaries, loadPassengers, referentOf } from './booking-summaries.js';

export type { FlightBooking };

async function assertFlightExists(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom('flights').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError('Vol introuvable.');
}

/** GET /api/flights/{id}/bookings: the bookings that have passengers on the flight, with those passengers. */
export async function listFlightBookings(db: Kysely<DB>, flightId: number): Promise<FlightBooking[]> {
  await assertFlightExists(db, flightId);
  const registrations = await db
    .selectFrom('registrations as r')
    .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
    .select(['r.id as registration_id', 'r.passenger_id', 'p.booking_id'])
    .where('r.flight_id', '=', flightId)
    .execute();
  if (registrations.length === 0) return [];
  const bookingIds = [...new Set(registrations.map((r) => r.booking_id))];
  const registrationOf = new Map(registrations.map((r) => [r.passenger_id, r.registration_id]));
  const [bookings, passengers] = await Promise.all([
    loadBookingSummaries(db, bookingIds),
    loadPassengers(db, { bookingIds }),
  ]);
  const byBooking = groupBy(passengers, (p) => p.booking_id);
  return bookings
    .map((b) => {
      const all = byBooking.get(b.id) ?? [];
      return {
        ...b,
        referent_passenger: referentOf(all),
        passengers: all.flatMap((p) => {
          const registrationId = registrationOf.get(p.id);
          return registrationId === undefined ? [] : [{ ...p, registration_id: registrationId }];
        }),
      };
    })
    .sort((a, b) => a.number.localeCompare(b.number));
}

export type DuplicateFlightInput = {
  scheduled_date: string;
  /** HH:mm:ss */
  scheduled_time: string;
  with_teammates: boolean;
  with_passengers: boolean;
  with_notes: boolean;
};

/**
 * POST /api/flights/{id}/duplicate. One transaction: the new flight (planned, no takeoff/landing times), then
 * on request its teammates, passenger registrations and notes; any failure leaves nothing behind, history included
 * (one entry per row written, in the same transaction).
 */
export async function duplicateFlight(
  db: Kysely<DB>,
  flightId: number,
  input: DuplicateFlightInput,
  auth: Auth | null = null,
): Promise<Selectable<FlightsTable>> {
  return db.transaction().execute(async (trx) => {
    const source = await trx.selectFrom('flights').selectAll().where('id', '=', flightId).executeTakeFirst();
    if (!source) throw new NotFoundError(MESSAGES.flightDuplicateUnavailable);
    const now = new Date().toISOString();
    const flight = await trx
      .insertInto('flights')
      .values({
        scheduled_date: input.scheduled_date,
        scheduled_time: input.scheduled_time,
        is_public: source.is_public,
        takeoff_temperature: source.takeoff_temperature,
        flight_max_altitude: source.flight_max_altitude,
        flight_type_id: source.flight_type_id,
        location_id: source.location_id,
        prestation_id: source.prestation_id,
        balloon_id: source.balloon_id,
        pilot_id: source.pilot_id,
        takeoff_time: null,
        landing_time: null,
        flight_status_id: INITIAL_FLIGHT_STATUS_ID,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const history: HistoryEntry[] = [];
    const flightEntry: HistoryEntry = {
      resource: 'flights',
      recordId: flight.id,
      action: 'create',
      changes: diffRow(null, { ...flight }),
      flightId: flight.id,
    };
    history.push(flightEntry);

    if (input.with_teammates) {
      const teammates = await trx
        .selectFrom('flight_teammates')
        .select('teammate_id')
        .where('flight_id', '=', source.id)
        .execute();
      if (teammates.length > 0) {
        await trx
          .insertInto('flight_teammates')
          .values(teammates.map((t) => ({ flight_id: flight.id, teammate_id: t.teammate_id })))
          .execute();
        flightEntry.changes.teammates = [null, teammates.map((t) => t.teammate_id).sort((a, b) => a - b)];
      }
    }
    if (input.with_passengers) {
      const registrations = await trx
        .selectFrom('registrations as r')
        .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
        .select(['r.passenger_id', 'p.booking_id'])
        .where('r.flight_id', '=', source.id)
        .orderBy('r.id')
        .execute();
      if (registrations.length > 0) {
        const inserted = await trx
          .insertInto('registrations')
          .values(registrations.map((r) => ({ flight_id: flight.id, passenger_id: r.passenger_id, created_at: now })))
          .returning(['id', 'passenger_id'])
          .execute();
        const bookingOf = new Map(registrations.map((r) => [r.passenger_id, r.booking_id]));
        for (const r of inserted) {
          history.push({
            resource: 'registrations',
            recordId: r.id,
            action: 'create',
            changes: diffRow(null, { flight_id: flight.id, passenger_id: r.passenger_id }),
            flightId: flight.id,
            bookingId: bookingOf.get(r.passenger_id) ?? null,
          });
        }
      }
    }
    if (input.with_notes) {
      const notes = await trx
        .selectFrom('flight_notes')
        .select(['content', 'is_pinned', 'user_id'])
        .where('flight_id', '=', source.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      if (notes.length > 0) {
        const inserted = await trx
          .insertInto('flight_notes')
          .values(notes.map((n) => ({ ...n, flight_id: flight.id, created_at: now, updated_at: now })))
          .returningAll()
          .execute();
        for (const note of inserted) {
          history.push({
            resource: 'flight-notes',
            recordId: note.id,
            action: 'create',
            changes: diffRow(null, { ...note }),
            flightId: flight.id,
          });
        }
      }
    }
    await recordHistory(trx, auth, history);
    return flight;
  });
}
