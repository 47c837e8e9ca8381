import type { Insertable, Kysely } from 'kysely';
import type {
  BalloonsTable,
  BookingsTable,
  CustomersTable,
  DB,
  FlightsTable,
  LocationsTable,
  PassengersTable,
  PilotsTable,
  PrestationsTable,
} from '../src/db/schema.js';

// Small data builders for tests: each inserts one realistic row (overridable) straight into the database and
// returns its id. Numbers are unique per process, so builders can be called freely in any order.

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

type Values<T> = Partial<Insertable<T>>;

async function insert(db: Kysely<DB>, table: keyof DB, values: Record<string, unknown>): Promise<number> {
  // biome-ignore lint/suspicious/noExplicitAny: one helper for every table
  const row = await (db as Kysely<any>).insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
  return row.id as number;
}

export const newBooking = (db: Kysely<DB>, values: Values<BookingsTable> = {}) =>
  insert(db, 'bookings', {
    number: `B-${process.pid}-${next()}`,
    passengers_number: 2,
    booking_status_id: 1,
    booked_at: '2026-03-01',
    ...values,
  });

export const newPassenger = (db: Kysely<DB>, bookingId: number, values: Values<PassengersTable> = {}) =>
  insert(db, 'passengers', { booking_id: bookingId, first_name: 'Jean', last_name: 'Dupont', weight: 80, ...values });

export const newCustomer = (db: Kysely<DB>, values: Values<CustomersTable> = {}) =>
  insert(db, 'customers', { customer_type_id: 2, first_name: 'Claire', last_name: 'Martin', ...values });

export const newBalloon = (db: Kysely<DB>, values: Values<BalloonsTable> = {}) =>
  insert(db, 'balloons', { label: `Ballon ${next()}`, passengers: 6, takeoff_max_mass: 1800, ...values });

export const newPilot = (db: Kysely<DB>, values: Values<PilotsTable> = {}) =>
  insert(db, 'pilots', { first_name: 'Amélie', last_name: 'Lefèvre', weight: 75, bag_weight: 10, ...values });

export const newTeammate = (db: Kysely<DB>, values: { first_name?: string; last_name?: string } = {}) =>
  insert(db, 'teammates', { first_name: 'Paul', last_name: `Équipier ${next()}`, ...values });

export const newLocation = (db: Kysely<DB>, values: Values<LocationsTable> = {}) =>
  insert(db, 'locations', { label: `Lieu ${next()}`, takeoff_altitude: 200, ...values });

export const newPrestation = (db: Kysely<DB>, values: Values<PrestationsTable> = {}) =>
  insert(db, 'prestations', { label: `Prestation ${next()}`, ...values });

export const newFlight = (db: Kysely<DB>, values: Values<FlightsTable> = {}) =>
  insert(db, 'flights', { scheduled_date: '2026-06-01', scheduled_time: '07:00:00', flight_status_id: 1, ...values });

export const register = (db: Kysely<DB>, flightId: number, passengerId: number) =>
  insert(db, 'registrations', { flight_id: flightId, passenger_id: passengerId });

export const newFlightNote = (
  db: Kysely<DB>,
  flightId: number,
  values: { content?: string; is_pinned?: number; created_at?: string } = {},
) => insert(db, 'flight_notes', { flight_id: flightId, content: 'Note', ...values });
