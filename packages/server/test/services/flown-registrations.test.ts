import { FLIGHT_STATUSES } from '@app/domain';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { DB } from '../../src/db/schema.js';
import { passengersStillToFly } from '../../src/services/flight-realization.js';
import { createTestDatabase, engine, type TestDatabase } from '../helpers.js';
import { newBooking, newFlight, newPassenger, register } from './builders.js';

// flown_registrations (migration 0037) keeps what a booking's passengers still to fly are counted from. Its triggers
// must agree, after any write, with the rule read from the registrations themselves: every way a passenger comes to
// have flown or stops having flown (a registration on a realized flight, the flight realized or not any more, the
// registration, flight, passenger or booking deleted, the passenger moved to another booking, a registration
// changed) is written here in a seeded random order, and every booking compared after each step.

const REALIZED = FLIGHT_STATUSES.realized.id;
const STATUSES = [1, REALIZED, 3, 4];

/** The rule as the registrations tell it (the code before 0037). */
async function fromRegistrations(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await sql<{ id: number; n: number }>`select b.id, (select case when b.passengers_number - count(*) > 0
      then b.passengers_number - count(*) else 0 end from passengers sp where sp.booking_id = b.id and exists (
        select 1 from registrations sr join flights sf on sf.id = sr.flight_id
        where sr.passenger_id = sp.id and sf.flight_status_id = ${sql.lit(REALIZED)})) as n
    from bookings b`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.id), Number(r.n)]));
}

async function kept(db: Kysely<DB>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('bookings as b')
    .select(['b.id', passengersStillToFly('b').as('n')])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

/** A seeded generator: the same steps on both engines, a failure replayable. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return { int: (n: number) => Math.floor(next() * n), pick: <T>(a: T[]) => a[Math.floor(next() * a.length)] as T };
}

describe(`passengers still to fly kept by the database on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('agrees with the registrations after every kind of write', async () => {
    const { db } = database;
    const rnd = random(37);
    const bookings: number[] = [];
    const passengers: number[] = [];
    const flights: number[] = [];
    for (let i = 0; i < 6; i += 1) bookings.push(await newBooking(db, { passengers_number: 1 + (i % 4) }));
    for (const booking of bookings) {
      for (let i = 0; i < 3; i += 1) passengers.push(await newPassenger(db, booking));
    }
    for (let i = 0; i < 5; i += 1) flights.push(await newFlight(db, { flight_status_id: rnd.pick(STATUSES) }));
    const isRegistered = async (flight: number, passenger: number) =>
      (await db
        .selectFrom('registrations')
        .select('id')
        .where('flight_id', '=', flight)
        .where('passenger_id', '=', passenger)
        .executeTakeFirst()) !== undefined;
    const done = new Set<string>();
    const steps: Array<() => Promise<unknown>> = [
      async () => {
        const flight = rnd.pick(flights);
        const passenger = rnd.pick(passengers);
        if (!(await isRegistered(flight, passenger))) await register(db, flight, [passenger]);
        done.add('register');
      },
      async () => {
        const row = await db.selectFrom('registrations').select('id').orderBy('id').executeTakeFirst();
        if (row) await db.deleteFrom('registrations').where('id', '=', row.id).execute();
        done.add('unregister');
      },
      async () => {
        await db
          .updateTable('flights')
          .set({ flight_status_id: rnd.pick(STATUSES) })
          .where('id', '=', rnd.pick(flights))
          .execute();
        done.add('flight status');
      },
      async () => {
        // Several flights in one statement, some of them realized.
        await db
          .updateTable('flights')
          .set({ flight_status_id: sql`case when id % 2 = 0 then ${REALIZED} else 1 end` })
          .execute();
        done.add('flights at once');
      },
      async () => {
        const row = await db.selectFrom('registrations').select('id').executeTakeFirst();
        const passenger = rnd.pick(passengers);
        if (!row) return;
        const flight = rnd.pick(flights);
        if (!(await isRegistered(flight, passenger))) {
          await db
            .updateTable('registrations')
            .set({ flight_id: flight, passenger_id: passenger })
            .where('id', '=', row.id)
            .execute();
        }
        done.add('registration changed');
      },
      async () => {
        await db
          .updateTable('passengers')
          .set({ booking_id: rnd.pick(bookings) })
          .where('id', '=', rnd.pick(passengers))
          .execute();
        done.add('passenger moved');
      },
      async () => {
        const passenger = passengers.splice(rnd.int(passengers.length), 1)[0] as number;
        await db.deleteFrom('passengers').where('id', '=', passenger).execute();
        passengers.push(await newPassenger(db, rnd.pick(bookings)));
        done.add('passenger deleted');
      },
      async () => {
        const index = rnd.int(flights.length);
        const flight = flights[index] as number;
        await db.deleteFrom('flights').where('id', '=', flight).execute();
        flights[index] = await newFlight(db, { flight_status_id: rnd.pick(STATUSES) });
        done.add('flight deleted');
      },
      async () => {
        const index = rnd.int(bookings.length);
        const booking = bookings[index] as number;
        const gone = await db.selectFrom('passengers').select('id').where('booking_id', '=', booking).execute();
        await db.deleteFrom('bookings').where('id', '=', booking).execute();
        const goneIds = new Set(gone.map((p) => p.id));
        passengers.splice(0, passengers.length, ...passengers.filter((p) => !goneIds.has(p)));
        bookings[index] = await newBooking(db, { passengers_number: 1 + rnd.int(4) });
        for (let i = 0; i < 2; i += 1) passengers.push(await newPassenger(db, bookings[index] as number));
        done.add('booking deleted');
      },
    ];
    let stepsWithFlown = 0;
    for (let i = 0; i < 400; i += 1) {
      // Registrations first and as often as all the rest, so that most steps have some to work on.
      await (i < 40 || rnd.int(2) === 0 ? steps[0] : rnd.pick(steps.slice(1)))?.();
      const expected = await fromRegistrations(db);
      expect(await kept(db), `après l'étape ${i}`).toEqual(expected);
      const passengersNumbers = await db.selectFrom('bookings').select(['id', 'passengers_number']).execute();
      if (passengersNumbers.some((b) => (expected.get(b.id) ?? 0) < b.passengers_number)) stepsWithFlown += 1;
    }
    expect([...done].sort()).toHaveLength(steps.length);
    // Most steps had some passenger flown, so the kept rows were read, not only found empty.
    expect(stepsWithFlown).toBeGreaterThan(200);
  }, 60_000);

  it('is filled from the registrations already there when the migration runs', async () => {
    const older = await createTestDatabase('0036_booking_month_totals');
    try {
      const { db } = older;
      const booking = await newBooking(db, { passengers_number: 3 });
      const [a, b, c] = [
        await newPassenger(db, booking),
        await newPassenger(db, booking),
        await newPassenger(db, booking),
      ];
      const realized = await newFlight(db, { flight_status_id: REALIZED });
      const other = await newFlight(db, { flight_status_id: REALIZED });
      const planned = await newFlight(db, { flight_status_id: 1 });
      await register(db, realized, [a as number, b as number]);
      await register(db, other, [a as number]);
      await register(db, planned, [c as number]);
      await migrateToLatest(db, older.dialect);
      expect((await kept(db)).get(booking)).toBe(1);
      expect(await kept(db)).toEqual(await fromRegistrations(db));
    } finally {
      await older.destroy();
    }
  });
});
