import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';
import { trackTableVersions } from './0014_table_versions.js';

// Issue 31, the launch field offline (services/field.ts). Keep in sync with ../schema.ts.
// - field_boardings: per flight and registered passenger, the check-in ('Présent' 1 / 'Absent' 0 / not yet null)
//   and the safety briefing given, as the crew ticked them on the field. The weight read on the scale is written to
//   the passenger itself (the office's manifest and flight plan read it there).
// - field_reports: per flight, the place the balloon actually took off from (the flight's own columns hold its times,
//   temperature, landing place, remarks and incidents: the flight file's logbook reads them there).
// - field_sync_operations: the client-generated id of every write the server applied from a device, unique, so a
//   retry of the same write (the answer lost on a bad network) is recognised and never applied twice.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  await withId('field_boardings')
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('passenger_id', 'integer', (c) => c.notNull().references('passengers.id').onDelete('cascade'))
    .addColumn('is_present', 'integer')
    .addColumn('is_briefed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('field_boardings_flight_passenger')
    .on('field_boardings')
    .columns(['flight_id', 'passenger_id'])
    .unique()
    .execute();
  await db.schema.createIndex('field_boardings_passenger').on('field_boardings').column('passenger_id').execute();

  await withId('field_reports')
    .addColumn('flight_id', 'integer', (c) => c.notNull().unique().references('flights.id').onDelete('cascade'))
    .addColumn('takeoff_place', 'varchar(255)')
    .addColumn('updated_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();

  await withId('field_sync_operations')
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('flight_id', 'integer', (c) => c.references('flights.id').onDelete('set null'))
    .addColumn('field', 'varchar(40)', (c) => c.notNull())
    .addColumn('applied_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await trackTableVersions(db, dialect, ['field_boardings', 'field_reports']);
}
