import { BOOKING_STATUSES, EXPIRABLE_BOOKING_STATUS_IDS, FLIGHT_STATUSES } from '@app/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Auth, authorOf } from '../core/context.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import { lockRow } from '../db/row-lock.js';
import type { DB } from '../db/schema.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { frenchLongDate, queueFlightMails } from '../mail/compose.js';
import { lockBookings } from './booking-rules.js';
import { assertFlightNotSealed } from './flight-records.js';
import { applyVoucherRules, undoVoucherRules } from './voucher-rules.js';

// Weather postponement in one action (issue 12 point 2, docs/decisions.md). Setting a planned flight to
// 'Reporté - météo' unregisters its passengers, keeping the manifest in flight_postponements (the flight's history
// and each passenger's postponed_flights), puts their open bookings back to pending without the flight's date
// among their requested dates, writes a note on each booking and, on request, queues the 'Vol reporté (météo)'
// mail to each booking's referent: all in the caller's transaction, so a failure anywhere changes nothing.
// Setting the flight back to planned (or realized) restores it all while nothing was rebooked.

type Trx = Transaction<DB>;

export const POSTPONEMENT_MESSAGES = {
  realized: 'Un vol réalisé ne peut pas être reporté pour la météo.',
  already: 'Ce vol est déjà reporté pour la météo.',
  rebooked: (numbers: string[]) =>
    `Le report ne peut plus être annulé : ${numbers.length > 1 ? 'les réservations' : 'la réservation'} ${numbers.join(', ')} ${numbers.length > 1 ? 'ont' : 'a'} changé depuis (nouveau vol ou nouveau statut).`,
} as const;

export const POSTPONED_TEMPLATE = 'flight-weather-postponed';

export type PostponementResult = {
  flight_id: number;
  passengers: number;
  bookings: number;
  /** Mails queued, one per booking with an address. */
  queued: number;
  /** Bookings that got no mail: no address for the referent or the customer. */
  skipped: { booking_id: number; number: string }[];
  /** Issue 29: validity extensions the rules wrote, and 'Remboursement à proposer' raised. */
  extended: number;
  refund_to_offer: number;
};

const flightWhen = (flight: { scheduled_date: string; scheduled_time: string }) =>
  `${frenchLongDate(flight.scheduled_date)} à ${flight.scheduled_time.slice(0, 5).replace(':', 'h')}`;

/** Takes the flight's row lock (db/row-lock.ts) and reads it. */
async function lockFlight(trx: Trx, flightId: number) {
  await lockRow(trx, 'flights', flightId);
  const flight = await trx
    .selectFrom('flights as f')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .select(['f.id', 'f.scheduled_date', 'f.scheduled_time', 'f.flight_status_id', 'l.label as location'])
    .where('f.id', '=', flightId)
    .executeTakeFirst();
  if (!flight) throw new NotFoundError('Vol introuvable.');
  return flight;
}

/** Writes the notes and returns their history entries (the caller records them with the rest of the action). */
async function writeNotes(trx: Trx, bookingIds: number[], content: string, auth: Auth | null): Promise<HistoryEntry[]> {
  if (bookingIds.length === 0) return [];
  const now = new Date().toISOString();
  const notes = await trx
    .insertInto('booking_notes')
    .values(
      bookingIds.map((booking_id) => ({
        booking_id,
        content,
        user_id: authorOf(auth),
        created_at: now,
        updated_at: now,
      })),
    )
    .returningAll()
    .execute();
  return notes.map((note) => ({
    resource: 'booking-notes',
    recordId: note.id,
    action: 'create',
    changes: diffRow(null, { ...note }),
    bookingId: note.booking_id,
  }));
}

/** The history entries of the bookings' status change (old status per booking, all to `status`). */
const bookingStatusEntries = (before: Map<number, number>, status: number): HistoryEntry[] =>
  [...before].map(([id, old]) => ({
    resource: 'bookings',
    recordId: id,
    action: 'update',
    changes: diffRow({ booking_status_id: old }, { booking_status_id: status }),
    bookingId: id,
  }));

/**
 * The postponement itself, in the caller's transaction (POST /api/flights/{id}/postpone, and a status change to
 * 'Reporté - météo' through PUT /api/flights/{id}, which sends no mail). A planned (or canceled) flight is
 * postponed; a realized one flew and is not (409).
 */
export async function postponeFlightIn(
  trx: Trx,
  flightId: number,
  { sendMail, auth, recordFlight = true }: { sendMail: boolean; auth: Auth | null; recordFlight?: boolean },
): Promise<PostponementResult> {
  const userId = authorOf(auth);
  const flight = await lockFlight(trx, flightId);
  await assertFlightNotSealed(trx, flightId);
  if (flight.flight_status_id === FLIGHT_STATUSES.realized.id) throw new ConflictError(POSTPONEMENT_MESSAGES.realized);
  if (flight.flight_status_id === FLIGHT_STATUSES.weatherPostponed.id) {
    throw new ConflictError(POSTPONEMENT_MESSAGES.already);
  }
  const manifest = await trx
    .selectFrom('registrations as r')
    .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select([
      'r.id as registration_id',
      'r.passenger_id',
      'r.created_at as registered_at',
      'p.booking_id',
      'p.first_name',
      'p.last_name',
      'p.weight',
      'b.booking_status_id',
    ])
    .where('r.flight_id', '=', flightId)
    .orderBy('p.booking_id')
    .orderBy('p.id')
    .execute();
  const bookingIds = [...new Set(manifest.map((m) => m.booking_id))];
  await lockBookings(trx, bookingIds);
  const requestedRows =
    bookingIds.length === 0
      ? []
      : await trx
          .selectFrom('requested_dates')
          .selectAll()
          .where('booking_id', 'in', bookingIds)
          .where('date', '=', flight.scheduled_date)
          .execute();
  const requested = new Set(requestedRows.map((r) => r.booking_id));
  // Closed bookings (completed, canceled, expired) keep their status and requested dates: only their
  // passengers leave the flight that did not happen.
  const isOpen = (status: number) => EXPIRABLE_BOOKING_STATUS_IDS.includes(status);
  const openIds = [...new Set(manifest.filter((m) => isOpen(m.booking_status_id)).map((m) => m.booking_id))];
  const now = new Date().toISOString();
  // One history entry per record written (issue 12 part 5), recorded at the end in this same transaction.
  const history: HistoryEntry[] = [];

  if (manifest.length > 0) {
    const kept = await trx
      .insertInto('flight_postponements')
      .values(
        manifest.map((m) => ({
          flight_id: flightId,
          passenger_id: m.passenger_id,
          booking_id: m.booking_id,
          full_name: `${m.first_name ?? ''} ${m.last_name ?? ''}`.trim(),
          weight: m.weight,
          registered_at: m.registered_at,
          previous_booking_status_id: m.booking_status_id,
          removed_requested_date: isOpen(m.booking_status_id) && requested.has(m.booking_id) ? 1 : 0,
          postponed_at: now,
          user_id: userId,
        })),
      )
      .returningAll()
      .execute();
    await trx.deleteFrom('registrations').where('flight_id', '=', flightId).execute();
    for (const row of kept) {
      history.push({
        resource: 'flight-postponements',
        recordId: row.id,
        action: 'create',
        changes: diffRow(null, { ...row }),
        bookingId: row.booking_id,
        flightId,
      });
    }
    for (const m of manifest) {
      history.push({
        resource: 'registrations',
        recordId: m.registration_id,
        action: 'delete',
        changes: diffRow({ flight_id: flightId, passenger_id: m.passenger_id }, null),
        bookingId: m.booking_id,
        flightId,
      });
    }
  }
  if (openIds.length > 0) {
    const statusOf = new Map(manifest.map((m) => [m.booking_id, m.booking_status_id]));
    history.push(
      ...bookingStatusEntries(new Map(openIds.map((id) => [id, statusOf.get(id)!])), BOOKING_STATUSES.pending.id),
    );
    for (const r of requestedRows.filter((row) => openIds.includes(row.booking_id))) {
      history.push({
        resource: 'requested-dates',
        recordId: r.id,
        action: 'delete',
        changes: diffRow({ ...r }, null),
        bookingId: r.booking_id,
      });
    }
    await trx
      .updateTable('bookings')
      .set({ booking_status_id: BOOKING_STATUSES.pending.id, updated_at: now })
      .where('id', 'in', openIds)
      .execute();
    await trx
      .deleteFrom('requested_dates')
      .where('booking_id', 'in', openIds)
      .where('date', '=', flight.scheduled_date)
      .execute();
  }
  const countOf = (bookingId: number) => manifest.filter((m) => m.booking_id === bookingId).length;
  for (const bookingId of bookingIds) {
    const count = countOf(bookingId);
    const reopened = openIds.includes(bookingId) ? ', réservation remise en attente' : '';
    history.push(
      ...(await writeNotes(
        trx,
        [bookingId],
        `Vol du ${flightWhen(flight)} reporté (météo) : ${count} passager${count > 1 ? 's' : ''} désinscrit${count > 1 ? 's' : ''}${reopened}.`,
        auth,
      )),
    );
  }
  // Issue 29: one more attempt for each booking of the manifest (one per flight, whatever its passengers), then
  // the operator's rules on the bookings put back to pending.
  if (bookingIds.length > 0) {
    await trx
      .updateTable('bookings')
      .set((eb) => ({ weather_postponements: eb('weather_postponements', '+', 1) }))
      .where('id', 'in', bookingIds)
      .execute();
  }
  const rules = await applyVoucherRules(trx, flight, openIds, auth);
  await trx
    .updateTable('flights')
    .set({ flight_status_id: FLIGHT_STATUSES.weatherPostponed.id, updated_at: now })
    .where('id', '=', flightId)
    .execute();
  // Through PUT /api/flights/{id} the engine records the flight's own change; the postpone action records it here.
  if (recordFlight) {
    history.push({
      resource: 'flights',
      recordId: flightId,
      action: 'update',
      changes: diffRow(
        { flight_status_id: flight.flight_status_id },
        { flight_status_id: FLIGHT_STATUSES.weatherPostponed.id },
      ),
      flightId,
    });
  }
  await recordHistory(trx, auth, history);

  const { queued, skipped } =
    sendMail && bookingIds.length > 0
      ? await queueFlightMails(trx, POSTPONED_TEMPLATE, flight, bookingIds, userId)
      : { queued: 0, skipped: [] };
  return {
    flight_id: flightId,
    passengers: manifest.length,
    bookings: bookingIds.length,
    queued,
    skipped,
    extended: rules.extended,
    refund_to_offer: rules.refundToOffer,
  };
}

/** POST /api/flights/{id}/postpone {send_mail}: the whole action in one transaction. */
export function postponeFlight(
  db: Kysely<DB>,
  flightId: number,
  options: { sendMail: boolean; auth: Auth | null },
): Promise<PostponementResult> {
  return db.transaction().execute((trx) => postponeFlightIn(trx, flightId, options));
}

/**
 * Undo, when a weather-postponed flight is set back to planned or realized (PUT /api/flights/{id}): the passengers
 * are registered again, their bookings get back their status and the flight's date, a note says so, and the
 * postponement mails still waiting in the queue are withdrawn. Refused (409) once a booking of the manifest moved on
 * (a passenger registered on another flight since, or the booking's status changed): the postponement then stands.
 */
export async function undoPostponementIn(trx: Trx, flightId: number, auth: Auth | null): Promise<void> {
  const flight = await lockFlight(trx, flightId);
  const rows = await trx
    .selectFrom('flight_postponements')
    .selectAll()
    .where('flight_id', '=', flightId)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return;
  const bookingIds = [...new Set(rows.flatMap((r) => (r.booking_id === null ? [] : [r.booking_id])))];
  await lockBookings(trx, bookingIds);

  const changed = new Set<number>();
  const current = await trx
    .selectFrom('bookings')
    .select(['id', 'number', 'booking_status_id'])
    .where('id', 'in', bookingIds.length ? bookingIds : [0])
    .execute();
  const statusAfter = (previous: number | null) =>
    previous !== null && EXPIRABLE_BOOKING_STATUS_IDS.includes(previous) ? BOOKING_STATUSES.pending.id : previous;
  for (const row of rows) {
    const booking = current.find((b) => b.id === row.booking_id);
    if (booking && booking.booking_status_id !== statusAfter(row.previous_booking_status_id)) changed.add(booking.id);
  }
  const rebooked = await trx
    .selectFrom('flight_postponements as fp')
    .innerJoin('registrations as r', 'r.passenger_id', 'fp.passenger_id')
    .select('fp.booking_id')
    .distinct()
    .where('fp.flight_id', '=', flightId)
    .where('r.flight_id', '<>', flightId)
    .whereRef('r.created_at', '>=', 'fp.postponed_at')
    .execute();
  for (const r of rebooked) if (r.booking_id !== null) changed.add(r.booking_id);
  if (changed.size > 0) {
    const numbers = current
      .filter((b) => changed.has(b.id))
      .map((b) => b.number)
      .sort();
    throw new ConflictError(POSTPONEMENT_MESSAGES.rebooked(numbers));
  }

  const now = new Date().toISOString();
  // The flight's own status change is recorded by the engine (PUT /api/flights/{id}); the rest here.
  const history: HistoryEntry[] = [];
  const back = rows.filter((r) => r.passenger_id !== null);
  if (back.length > 0) {
    const registered = await trx
      .insertInto('registrations')
      .values(
        back.map((r) => ({ flight_id: flightId, passenger_id: r.passenger_id!, created_at: r.registered_at ?? now })),
      )
      .returning(['id', 'passenger_id'])
      .execute();
    const bookingOf = new Map(back.map((r) => [r.passenger_id, r.booking_id]));
    for (const r of registered) {
      history.push({
        resource: 'registrations',
        recordId: r.id,
        action: 'create',
        changes: diffRow(null, { flight_id: flightId, passenger_id: r.passenger_id }),
        bookingId: bookingOf.get(r.passenger_id) ?? null,
        flightId,
      });
    }
  }
  for (const bookingId of bookingIds) {
    const first = rows.find((r) => r.booking_id === bookingId)!;
    const booking = current.find((b) => b.id === bookingId);
    if (first.previous_booking_status_id !== null) {
      await trx
        .updateTable('bookings')
        .set({ booking_status_id: first.previous_booking_status_id, updated_at: now })
        .where('id', '=', bookingId)
        .execute();
      if (booking) {
        history.push(
          ...bookingStatusEntries(new Map([[bookingId, booking.booking_status_id]]), first.previous_booking_status_id),
        );
      }
    }
    if (first.removed_requested_date === 1) {
      const date = await trx
        .insertInto('requested_dates')
        .values({ booking_id: bookingId, date: flight.scheduled_date })
        .onConflict((oc) => oc.columns(['booking_id', 'date']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (date) {
        history.push({
          resource: 'requested-dates',
          recordId: date.id,
          action: 'create',
          changes: diffRow(null, { ...date }),
          bookingId,
        });
      }
    }
  }
  history.push(
    ...(await writeNotes(
      trx,
      bookingIds,
      `Report météo du vol du ${flightWhen(flight)} annulé : passagers réinscrits sur le vol.`,
      auth,
    )),
  );
  await trx.deleteFrom('flight_postponements').where('flight_id', '=', flightId).execute();
  // Issue 29: the attempt is taken back, and what the rules wrote for it while the customer has not received it.
  await trx
    .updateTable('bookings')
    .set((eb) => ({
      weather_postponements: sql<number>`case when ${eb.ref('weather_postponements')} > 0 then ${eb.ref('weather_postponements')} - 1 else 0 end`,
    }))
    .where('id', 'in', bookingIds.length ? bookingIds : [0])
    .execute();
  await undoVoucherRules(trx, flightId, bookingIds, auth);
  for (const row of rows) {
    history.push({
      resource: 'flight-postponements',
      recordId: row.id,
      action: 'delete',
      changes: diffRow({ ...row }, null),
      bookingId: row.booking_id,
      flightId,
    });
  }
  await recordHistory(trx, auth, history);
  // Mails not yet claimed by a sender are withdrawn; one already leaving (locked) goes.
  await trx
    .updateTable('outbox_mails')
    .set({ status: 'failed', error: 'Retiré : le report du vol a été annulé.' })
    .where('flight_id', '=', flightId)
    .where('template_slug', '=', POSTPONED_TEMPLATE)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', sql<string>`${now}`)]))
    .execute();
}

/**
 * The flights resource's hook for PUT /api/flights/{id} status changes: to 'Reporté - météo' runs the
 * postponement (no mail: the dialog's action sends them), from it back to planned or realized runs the undo.
 * A postponed flight set to canceled keeps its manifest as history.
 */
export async function applyPostponementRule(
  trx: Trx,
  existing: Record<string, unknown>,
  values: Record<string, unknown>,
  auth: Auth | null,
): Promise<void> {
  const next = values.flight_status_id;
  if (next === undefined || next === existing.flight_status_id) return;
  const flightId = Number(existing.id);
  if (next === FLIGHT_STATUSES.weatherPostponed.id) {
    await postponeFlightIn(trx, flightId, { sendMail: false, auth, recordFlight: false });
    return;
  }
  const isBack = next === FLIGHT_STATUSES.planned.id || next === FLIGHT_STATUSES.realized.id;
  if (existing.flight_status_id === FLIGHT_STATUSES.weatherPostponed.id && isBack) {
    await undoPostponementIn(trx, flightId, auth);
  }
}
