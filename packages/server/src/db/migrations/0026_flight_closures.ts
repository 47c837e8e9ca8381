import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';
import { trackTableVersions } from './0014_table_versions.js';

// Issue 27: what a flight set to 'Réalisé' closed on each open booking it carried (services/flight-realization.ts),
// so that setting it back undoes exactly that. One row per booking the realization changed: its status before and
// after (completed when every passenger has flown), and the requested dates on or before the flight's day that it
// removed, as a JSON list of YYYY-MM-DD. Keep in sync with ../schema.ts.

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const table = db.schema.createTable('flight_closures');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('previous_booking_status_id', 'integer', (c) => c.notNull())
    .addColumn('booking_status_id', 'integer', (c) => c.notNull())
    .addColumn('closed_dates', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('closed_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('flight_closures_flight_booking')
    .on('flight_closures')
    .columns(['flight_id', 'booking_id'])
    .unique()
    .execute();
  await db.schema.createIndex('flight_closures_booking').on('flight_closures').column('booking_id').execute();
  await trackTableVersions(db, dialect, ['flight_closures']);
}
