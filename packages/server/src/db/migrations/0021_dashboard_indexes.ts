import type { Kysely } from 'kysely';

// The dashboard's aggregates when its kept answer is stale (services/dashboard.ts), on 100,000 bookings:
// - 'Reste à payer' counts bookings of a status with remaining_amount > 0: with the amount in the status index it
//   is one index range per status instead of reading the ~70,000 completed bookings;
// - the monthly figures sum two seasons of bookings by purchase month: covering (booked_at, status, amounts), an
//   index-only range instead of a table lookup per booking.
// Keep in sync with ../schema.ts (no column change).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bookings_status_remaining')
    .on('bookings')
    .columns(['booking_status_id', 'remaining_amount'])
    .execute();
  await db.schema
    .createIndex('bookings_booked_at_amounts')
    .on('bookings')
    .columns(['booked_at', 'booking_status_id', 'total_amount', 'remaining_amount'])
    .execute();
}
