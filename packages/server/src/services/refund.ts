import { BOOKING_STATUSES, frenchDate } from '@app/domain';
import type { Kysely } from 'kysely';
import { type Auth, authorOf } from '../core/context.js';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { diffRow, recordHistory } from '../engine/history.js';
import { lockBooking } from './booking-rules.js';
import { queueShopSync } from './shop-sync.js';

// 'Rembourser' on a booking (issue 29, docs/decisions.md): the voucher's money given back, recorded with its day and
// amount (the vouchers report reads them), the booking canceled (no longer owed a flight), 'Remboursement à
// proposer' cleared, a note and the history. One transaction under the booking's lock.

export const REFUND_MESSAGES = {
  completed: 'Une réservation terminée ne peut pas être remboursée.',
  already: 'Cette réservation est déjà remboursée.',
  overTotal: 'Le remboursement ne peut pas dépasser le montant total de la réservation.',
} as const;

const euros = (amount: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(amount).replace(/\u202f/g, ' ');

export type RefundResult = {
  booking_id: number;
  refunded_on: string;
  refunded_amount: number;
  booking_status_id: number;
};

export async function refundBooking(
  db: Kysely<DB>,
  bookingId: number,
  input: { refunded_on: string; amount: number },
  auth: Auth | null,
): Promise<RefundResult> {
  return db.transaction().execute(async (trx) => {
    if ((await lockBooking(trx, bookingId)) === null) throw new NotFoundError('Réservation introuvable.');
    const booking = await trx
      .selectFrom('bookings')
      .select([
        'id',
        'number',
        'woocommerce_order_id',
        'booking_status_id',
        'total_amount',
        'refunded_on',
        'refund_to_offer',
      ])
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow();
    if (booking.refunded_on !== null) throw new ConflictError(REFUND_MESSAGES.already);
    if (booking.booking_status_id === BOOKING_STATUSES.completed.id) throw new ConflictError(REFUND_MESSAGES.completed);
    if (booking.total_amount !== null && input.amount > Number(booking.total_amount)) {
      throw ValidationError.field('amount', REFUND_MESSAGES.overTotal);
    }
    const canceled = BOOKING_STATUSES.canceled.id;
    const now = new Date().toISOString();
    await trx
      .updateTable('bookings')
      .set({
        refunded_on: input.refunded_on,
        refunded_amount: input.amount,
        refund_to_offer: 0,
        booking_status_id: canceled,
        updated_at: now,
      })
      .where('id', '=', bookingId)
      .execute();
    // A shop order follows its booking's cancellation, as when staff cancel it on the booking.
    await queueShopSync(trx, booking, canceled);
    const userId = authorOf(auth);
    const note = await trx
      .insertInto('booking_notes')
      .values({
        booking_id: bookingId,
        content: `Remboursée de ${euros(input.amount)} le ${frenchDate(input.refunded_on)} : réservation annulée.`,
        user_id: userId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordHistory(trx, auth, [
      {
        resource: 'bookings',
        recordId: bookingId,
        action: 'update',
        changes: diffRow(
          {
            refunded_on: null,
            refunded_amount: null,
            refund_to_offer: booking.refund_to_offer,
            booking_status_id: booking.booking_status_id,
          },
          {
            refunded_on: input.refunded_on,
            refunded_amount: input.amount,
            refund_to_offer: 0,
            booking_status_id: canceled,
          },
        ),
        bookingId,
      },
      {
        resource: 'booking-notes',
        recordId: note.id,
        action: 'create',
        changes: diffRow(null, { ...note }),
        bookingId,
      },
    ]);
    return {
      booking_id: bookingId,
      refunded_on: input.refunded_on,
      refunded_amount: input.amount,
      booking_status_id: canceled,
    };
  });
}
