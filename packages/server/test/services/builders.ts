import type { Insertable, Kysely } from 'kysely';
import type { BalloonsTable, BookingsTable, DB, FlightsTable, PassengersTable } from '../../src/db/schema.js';

// Small builders for the special-endpoint tests: each inserts one realistic row and returns its id.

let counter = 0;
const next = () => {
  counter += 1;
  return counter;
};

export async function newBooking(db: Kysely<DB>, values: Partial<Insertable<BookingsTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('bookings')
    .values({
      number: `T-${process.pid}-${next()}`,
      passengers_number: 2,
      booking_status_id: 1,
      booked_at: '2026-03-01',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function newPassenger(
  db: Kysely<DB>,
  bookingId: number,
  values: Partial<Insertable<PassengersTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('passengers')
    .values({ booking_id: bookingId, first_name: 'Jean', last_name: 'Dupont', weight: 80, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function newBalloon(db: Kysely<DB>, values: Partial<Insertable<BalloonsTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('balloons')
    .values({ label: `Ballon ${next()}`, passengers: 6, takeoff_max_mass: 1800, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function newPilot(db: Kysely<DB>, values: { weight?: number | null; bag_weight?: number | null } = {}) {
  const row = await db
    .insertInto('pilots')
    .values({ first_name: 'Amélie', last_name: 'Lefèvre', weight: 75, bag_weight: 10, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function newLocation(db: Kysely<DB>, takeoffAltitude: number | null = 200): Promise<number> {
  const row = await db
    .insertInto('locations')
    .values({ label: `Site ${next()}`, takeoff_altitude: takeoffAltitude })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function newTeammate(db: Kysely<DB>, lastName = 'Roux'): Promise<number> {
  const row = await db
    .insertInto('teammates')
    .values({ first_name: 'Paul', last_name: lastName })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function newFlight(db: Kysely<DB>, values: Partial<Insertable<FlightsTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('flights')
    .values({ scheduled_date: '2026-06-15', scheduled_time: '06:30:00', flight_status_id: 1, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function register(db: Kysely<DB>, flightId: number, passengerIds: number[]): Promise<void> {
  if (passengerIds.length === 0) return;
  await db
    .insertInto('registrations')
    .values(passengerIds.map((passenger_id) => ({ flight_id: flightId, passenger_id })))
    .execute();
}

export async function link(db: Kysely<DB>, bookingId: number, linkedBookingId: number): Promise<void> {
  await db.insertInto('booking_links').values({ booking_id: bookingId, linked_booking_id: linkedBookingId }).execute();
}
