import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';
import { trackTableVersions } from './0014_table_versions.js';

// Voucher validity and weather postponement (issue 12 points 2 and 3). Keep in sync with ../schema.ts.
// - bookings.validity_date: the last day the voucher may fly, purchase date + `voucher_validity_months` (12).
//   Existing rows are back-filled with their purchase date (creation date when missing) + 12 months.
// - booking_validity_extensions: each 'Prolonger' (months, reason, who, the dates before and after).
// - scheduled_jobs: one row per daily job; a process runs a job only after claiming the row for the day with one
//   conditional UPDATE in the job's own transaction, so several server processes never run it twice for a day and
//   a process dying mid-run leaves the day unclaimed (services/scheduled-jobs.ts).
// - flight_postponements: the manifest of a flight at the moment it was postponed for the weather (its
//   registrations are removed, the flight keeps this copy as history).
/**
 * Bookings without a validity date get purchase date (creation date when missing) + 12 months, the end of the month
 * clamped on both engines (29 February + 12 months = 28 February, as domain addMonths): PostgreSQL's interval
 * arithmetic does it, SQLite needs the 'floor' modifier (3.46+).
 */
export async function backfillValidity(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql
    .raw(
      dialect === 'postgres'
        ? `UPDATE bookings SET validity_date = (COALESCE(booked_at, created_at::date) + interval '12 months')::date
            WHERE validity_date IS NULL`
        : `UPDATE bookings SET validity_date = date(COALESCE(booked_at, substr(created_at, 1, 10)), '+12 months', 'floor')
            WHERE validity_date IS NULL`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const pg = dialect === 'postgres';
  const id = (b: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    pg
      ? b.addColumn('id', 'serial', (c) => c.primaryKey())
      : b.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema.alterTable('bookings').addColumn('validity_date', t.date).execute();
  await backfillValidity(db, dialect);
  // The expiry job and the 'expire bientôt' filter read open bookings by validity date.
  await db.schema
    .createIndex('bookings_validity_status')
    .on('bookings')
    .columns(['validity_date', 'booking_status_id'])
    .execute();

  await id(db.schema.createTable('booking_validity_extensions'))
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('previous_validity_date', t.date)
    .addColumn('validity_date', t.date, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .execute();
  await db.schema
    .createIndex('booking_validity_extensions_booking')
    .on('booking_validity_extensions')
    .columns(['booking_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    // The day (operator's local date) the job last ran for; the claim moves it forward once per day.
    .addColumn('run_on', t.date)
    .addColumn('started_at', t.stamp)
    .addColumn('finished_at', t.stamp)
    .addColumn('result', 'text')
    .execute();
  await sql`INSERT INTO scheduled_jobs (name) VALUES ('expire-bookings')`.execute(db);

  await id(db.schema.createTable('flight_postponements'))
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('passenger_id', 'integer', (c) => c.references('passengers.id').onDelete('set null'))
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('set null'))
    // Names and weight as they were on the day: the manifest stays readable if the passenger changes later.
    .addColumn('full_name', 'varchar(511)')
    .addColumn('weight', 'double precision')
    .addColumn('registered_at', t.stamp)
    // What the postponement changed on the booking, for the undo: its status before, and whether the flight's
    // date was among its requested dates (then removed).
    .addColumn('previous_booking_status_id', 'integer')
    .addColumn('removed_requested_date', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('postponed_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('flight_postponements_flight')
    .on('flight_postponements')
    .columns(['flight_id', 'passenger_id'])
    .execute();
  await db.schema
    .createIndex('flight_postponements_passenger')
    .on('flight_postponements')
    .columns(['passenger_id', 'flight_id'])
    .execute();
  await db.schema
    .createIndex('flight_postponements_booking')
    .on('flight_postponements')
    .columns(['booking_id'])
    .execute();

  // Flights postponed before this migration kept their passengers registered: their manifest moves here, so every
  // weather-postponed flight reads the same way (passengers free for another flight, the list kept as history).
  const fullName = `trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, ''))`;
  await sql
    .raw(
      `INSERT INTO flight_postponements (flight_id, passenger_id, booking_id, full_name, weight, registered_at,
        previous_booking_status_id, removed_requested_date, postponed_at)
      SELECT r.flight_id, r.passenger_id, p.booking_id, ${fullName}, p.weight, r.created_at, b.booking_status_id, 0,
        f.updated_at
      FROM registrations r
      JOIN flights f ON f.id = r.flight_id
      JOIN passengers p ON p.id = r.passenger_id
      JOIN bookings b ON b.id = p.booking_id
      WHERE f.flight_status_id = 3`,
    )
    .execute(db);
  await sql`DELETE FROM registrations WHERE flight_id IN (SELECT id FROM flights WHERE flight_status_id = 3)`.execute(
    db,
  );

  await sql`INSERT INTO settings (key, value) VALUES ('voucher_validity_months', '12') ON CONFLICT (key) DO NOTHING`.execute(
    db,
  );

  await trackTableVersions(db, dialect, ['booking_validity_extensions', 'flight_postponements']);
}
