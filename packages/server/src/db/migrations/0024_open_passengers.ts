import { OPEN_BOOKING_STATUS_IDS } from '@app/domain';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// The add-passengers search (services/passenger-search.ts) answers the newest OPEN bookings (pending, in progress)
// having a passenger of a given name. Open bookings are a twentieth of a name's, and a passenger's row does not say
// whether its booking is open: each matching name walked its (name, booking) index backwards, looking every booking
// up for its status, twice (a first pass to find a floor, then down to it): 0.4 of its 1 ms on the bench.
// `passengers.booking_is_open` (1 while the booking's status is open) is kept by triggers, whatever the writer (the
// API, imports, the daily expiry job, a psql shell), and a partial (name, booking) index per searched name holds the
// passengers of open bookings only: the walk reads its 20 newest bookings per name straight from it.

const OPEN = OPEN_BOOKING_STATUS_IDS.join(', ');
const NAMES = ['last_name', 'first_name'] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run('ALTER TABLE passengers ADD COLUMN booking_is_open integer NOT NULL DEFAULT 0');
  await run(`UPDATE passengers SET booking_is_open = 1
    WHERE booking_id IN (SELECT id FROM bookings WHERE booking_status_id IN (${OPEN}))`);
  const isOpen = (booking: string) =>
    `coalesce((SELECT CASE WHEN b.booking_status_id IN (${OPEN}) THEN 1 ELSE 0 END FROM bookings b WHERE b.id = ${booking}), 0)`;
  if (dialect === 'sqlite') {
    // SQLite cannot set NEW's columns: the new row is updated right after it is written (the terms' triggers watch
    // the name columns only, so this update does not run them again).
    await run(`CREATE TRIGGER passengers_booking_is_open_insert AFTER INSERT ON passengers BEGIN
      UPDATE passengers SET booking_is_open = ${isOpen('new.booking_id')} WHERE id = new.id; END`);
    await run(`CREATE TRIGGER passengers_booking_is_open_move AFTER UPDATE OF booking_id ON passengers BEGIN
      UPDATE passengers SET booking_is_open = ${isOpen('new.booking_id')} WHERE id = new.id; END`);
    await run(`CREATE TRIGGER bookings_passengers_open AFTER UPDATE OF booking_status_id ON bookings
      WHEN (old.booking_status_id IN (${OPEN})) IS NOT (new.booking_status_id IN (${OPEN})) BEGIN
      UPDATE passengers SET booking_is_open = CASE WHEN new.booking_status_id IN (${OPEN}) THEN 1 ELSE 0 END
      WHERE booking_id = new.id; END`);
  } else {
    await run(`CREATE FUNCTION passengers_booking_is_open() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.booking_is_open := ${isOpen('NEW.booking_id')};
        RETURN NEW;
      END $$`);
    await run(`CREATE TRIGGER passengers_booking_is_open BEFORE INSERT OR UPDATE OF booking_id ON passengers
      FOR EACH ROW EXECUTE FUNCTION passengers_booking_is_open()`);
    await run(`CREATE FUNCTION bookings_passengers_open() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE passengers SET booking_is_open = CASE WHEN NEW.booking_status_id IN (${OPEN}) THEN 1 ELSE 0 END
        WHERE booking_id = NEW.id;
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER bookings_passengers_open AFTER UPDATE OF booking_status_id ON bookings FOR EACH ROW
      WHEN ((OLD.booking_status_id IN (${OPEN})) IS DISTINCT FROM (NEW.booking_status_id IN (${OPEN})))
      EXECUTE FUNCTION bookings_passengers_open()`);
  }
  for (const column of NAMES) {
    await run(`CREATE INDEX passengers_open_${column} ON passengers (${column}, booking_id) WHERE booking_is_open = 1`);
  }
}
