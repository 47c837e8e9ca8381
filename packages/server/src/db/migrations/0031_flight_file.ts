import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';
import { trackTableVersions } from './0014_table_versions.js';

// The regulator's flight file (issue 30). Keep in sync with ../schema.ts.
// - pilots: licence number and expiry, medical expiry (the pilot's currency is also computed from realized flights).
// - balloons: hours flown before the product, last inspection (date, hours then), number of cylinders (a single
//   cylinder halves the fuel reserve).
// - flights: the fuel loaded (kg), the landing place, remarks and incidents of the logbook, and the reason of an
//   open correction (a sealed flight reopened to be corrected, sealed again as the record's next version).
// - flight_records: the sealed record of a flight, kept as it was (the plan PDF's bytes and its SHA-256, the
//   logbook entry as JSON); a correction is a new row linked to the previous one, never an update. No delete route.
// - The old per-passenger supplement becomes the allowance (clothing + hand baggage): a stored supplement is carried
//   over as the clothing allowance with no baggage allowance, so an operator's masses do not change under them.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const add = (table: string, column: string, type: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, sql.raw(type) as never)
      .execute();
  await add('pilots', 'licence_number', 'varchar(40)');
  await add('pilots', 'licence_expires_on', t.date);
  await add('pilots', 'medical_expires_on', t.date);
  await add('balloons', 'hours_before', 'double precision');
  await add('balloons', 'last_inspection_on', t.date);
  await add('balloons', 'hours_at_last_inspection', 'double precision');
  await add('balloons', 'cylinders', 'integer');
  await add('flights', 'fuel_loaded', 'double precision');
  await add('flights', 'landing_place', 'varchar(120)');
  await add('flights', 'remarks', 'text');
  await add('flights', 'incidents', 'text');
  await add('flights', 'correction_reason', 'text');

  const table = db.schema.createTable('flight_records');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    // No cascade: a flight with a record cannot be deleted (the seal refuses it first; the key is the last guard).
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('previous_record_id', 'integer', (c) => c.references('flight_records.id'))
    .addColumn('reason', 'text')
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('pdf', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('flight_records_flight_version')
    .on('flight_records')
    .columns(['flight_id', 'version'])
    .unique()
    .execute();
  await trackTableVersions(db, dialect, ['flight_records']);

  const supplement = await sql<{
    value: string | null;
  }>`SELECT value FROM settings WHERE key = 'ofp_passenger_supplement'`
    .execute(db)
    .then((r) => r.rows[0]?.value);
  const carried = Number(supplement ?? 0);
  if (Number.isFinite(carried) && carried > 0) {
    // The rows may exist already: a database created since these keys joined the defaults got them at 0002.
    await sql`INSERT INTO settings (key, value) VALUES ('ofp_allowance_clothing', ${String(carried)})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(db);
    await sql`INSERT INTO settings (key, value) VALUES ('ofp_allowance_baggage', '0')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(db);
    await sql`UPDATE settings SET value = '0' WHERE key = 'ofp_passenger_supplement'`.execute(db);
  }
}
