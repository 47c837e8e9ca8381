import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';

// The shop's sync-back queue (services/woocommerce.ts): when a booking from the shop is completed or canceled, a
// row is written in the same transaction as the status change, then pushed to the shop by a worker that retries
// with a backoff; each attempt is recorded in woocommerce_sync_notifications (shown on the booking). A row
// outlives its booking (set null): the shop's order must still be updated. Keep in sync with ../schema.ts.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const base = db.schema.createTable('woocommerce_sync_jobs');
  await (dialect === 'postgres'
    ? base.addColumn('id', 'serial', (c) => c.primaryKey())
    : base.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
    .addColumn('order_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('order_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.stamp)
    .addColumn('locked_until', t.stamp)
    .addColumn('error', 'text')
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('woocommerce_sync_jobs_due')
    .on('woocommerce_sync_jobs')
    .columns(['state', 'next_attempt_at'])
    .execute();
}
