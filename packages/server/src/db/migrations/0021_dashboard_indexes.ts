import { type Kysely, sql } from 'kysely';

// The dashboard's aggregates when its kept answer is stale (services/dashboard.ts), on 100,000 bookings:
// - 'Reste à payer' counts bookings of a status with remaining_amount > 0: a partial status index of the bookings
//   still owing is one small index range per status instead of reading the ~70,000 completed bookings. Partial,
//   not (status, remaining_amount): SQLite took that covering index for every status filter, lost the id order of
//   bookings_status_id and sorted the whole status for each list page (the pending list fell from 1,900 to 500
//   req/s on the bench);
// - the monthly figures sum two seasons of bookings by purchase month: covering (booked_at, status, amounts), an
//   index-only range instead of a table lookup per booking.
// Keep in sync with ../schema.ts (no column change).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bookings_remaining_due')
    .on('bookings')
    .column('booking_status_id')
    .where(sql<boolean>`remaining_amount > 0`)
    .execute();
  await db.schema
    .createIndex('bookings_booked_at_amounts')
    .on('bookings')
    .columns(['booked_at', 'booking_status_id', 'total_amount', 'remaining_amount'])
    .execute();
}
