import type { Transaction } from 'kysely';
import type { Auth } from '../core/context.js';
import { ConflictError, ValidationError } from '../core/errors.js';
import { lockRow } from '../db/row-lock.js';
import type { DB } from '../db/schema.js';
import { recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';

// Booking rules enforced inside each write's transaction (issue 8): a completed, canceled or expired booking
// (not editable) only changes status, and its passengers, requested dates and links stay as they are;
// a booking always has exactly one referent passenger once it has passengers.

export const BOOKING_RULE_MESSAGES = {
  statusOnly: 'Cette réservation est terminée, annulée ou périmée : seul son statut peut être modifié.',
  partsLocked:
    'Cette réservation est terminée, annulée ou périmée : ses passagers, dates souhaitées et liens ne peuvent plus changer.',
  referentRequired: 'Une réservation a toujours un passager référent : désignez-en un autre.',
  registeredPassenger: 'Ce passager est inscrit sur un vol : retirez-le du vol avant de le supprimer.',
} as const;

type Trx = Transaction<DB>;

/**
 * Locks several bookings in id order (the weather postponement, a realized flight), so two actions over the same
 * bookings never wait on each other crosswise.
 */
export async function lockBookings(trx: Trx, bookingIds: number[]): Promise<void> {
  for (const id of [...bookingIds].sort((a, b) => a - b)) {
    await lockRow(trx, 'bookings', id);
  }
}

/**
 * Takes the booking's row lock (db/row-lock.ts), so a status
 * change and a passenger write on the same booking, or two first passengers, happen one after the other.
 * Answers whether the booking's status is editable; null when there is no such booking.
 */
export async function lockBooking(trx: Trx, bookingId: number): Promise<boolean | null> {
  await lockRow(trx, 'bookings', bookingId);
  const row = await trx
    .selectFrom('bookings as b')
    .innerJoin('booking_statuses as s', 's.id', 'b.booking_status_id')
    .select('s.is_editable')
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  return row ? Boolean(row.is_editable) : null;
}

/** A part of a booking (passenger, requested date, link) may change only while the booking is editable. */
export async function assertBookingPartsEditable(trx: Trx, bookingId: number): Promise<void> {
  // An unknown booking is left to the foreign-key check, which answers 422 naming the field.
  if ((await lockBooking(trx, bookingId)) === false) throw new ConflictError(BOOKING_RULE_MESSAGES.partsLocked);
}

/** PUT /api/bookings/{id} on a not-editable booking: only `{booking_status_id}`. */
export async function checkBookingUpdate(
  trx: Trx,
  bookingId: number,
  values: Record<string, unknown>,
  lists: ReadonlyMap<string, number[]>,
): Promise<void> {
  const isStatusOnly = Object.keys(values).every((key) => key === 'booking_status_id') && lists.size === 0;
  if (isStatusOnly) return;
  if ((await lockBooking(trx, bookingId)) === false) throw new ConflictError(BOOKING_RULE_MESSAGES.statusOnly);
}

const hasReferent = async (trx: Trx, bookingId: number) =>
  (await trx
    .selectFrom('passengers')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('is_referent', '=', 1)
    .limit(literalLimit(1))
    .executeTakeFirst()) !== undefined;

/** Passenger create/update: the first passenger of a booking becomes its referent; the referent cannot just resign. */
export async function applyReferentRule(
  trx: Trx,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
): Promise<void> {
  const bookingId = Number(existing ? existing.booking_id : values.booking_id);
  await assertBookingPartsEditable(trx, bookingId);
  if (!existing) {
    if (values.is_referent !== 1 && !(await hasReferent(trx, bookingId))) values.is_referent = 1;
    return;
  }
  if (existing.is_referent === 1 && values.is_referent === 0) {
    throw ValidationError.field('is_referent', BOOKING_RULE_MESSAGES.referentRequired);
  }
}

/** Deleting the referent hands the role to the remaining passenger created first (that change is recorded). */
export async function beforePassengerDelete(
  trx: Trx,
  existing: Record<string, unknown>,
  auth: Auth | null | undefined,
): Promise<void> {
  const bookingId = Number(existing.booking_id);
  await assertBookingPartsEditable(trx, bookingId);
  if (existing.is_referent !== 1) return;
  await trx.updateTable('passengers').set({ is_referent: 0 }).where('id', '=', Number(existing.id)).execute();
  const next = await trx
    .selectFrom('passengers')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('id', '<>', Number(existing.id))
    .orderBy('id')
    .limit(literalLimit(1))
    .executeTakeFirst();
  if (!next) return;
  await trx.updateTable('passengers').set({ is_referent: 1 }).where('id', '=', next.id).execute();
  await recordHistory(trx, auth, [
    { resource: 'passengers', recordId: next.id, action: 'update', changes: { is_referent: [0, 1] }, bookingId },
  ]);
}
