import { type Kysely, sql } from 'kysely';

// The dashboard's 'to do' counts when its kept answer is stale (services/dashboard.ts; after every booking written),
// on 100,000 bookings: 'Prestation à préciser' and 'Remboursement à proposer' walked every open booking of the
// status index to find almost none (1.8 and 1.6 ms of the statement's 5.5 on the bench, 0.03 and 0.01 with these).
// Partial indexes of the few bookings concerned: a list filtered by status alone never implies their condition, so
// the planner cannot take them for it (the status lists keep bookings_status_id and its id order).
// Keep in sync with ../schema.ts (no column change).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bookings_prestation_to_specify')
    .on('bookings')
    .column('booking_status_id')
    .where(sql<boolean>`prestation_id is null`)
    .execute();
  await db.schema
    .createIndex('bookings_refund_to_offer')
    .on('bookings')
    .column('booking_status_id')
    .where(sql<boolean>`refund_to_offer = 1`)
    .execute();
}
