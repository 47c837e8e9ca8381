import { ROLES } from '@app/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../../src/auth/bootstrap.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDemo } from '../../src/seed/demo.js';
import { loadFlightCompliance } from '../../src/services/flight-compliance.js';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../helpers.js';

describe(`demo season on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { today: '2026-06-14' });
  });
  afterAll(() => database.destroy());

  it('creates the announced volumes and every booking and flight status', async () => {
    const { db } = database;
    const count = async (table: 'balloons' | 'pilots' | 'teammates' | 'locations' | 'bookings' | 'flights') =>
      Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    expect({
      balloons: await count('balloons'),
      pilots: await count('pilots'),
      teammates: await count('teammates'),
      locations: await count('locations'),
      bookings: await count('bookings'),
      flights: await count('flights'),
    }).toEqual({ balloons: 3, pilots: 4, teammates: 6, locations: 5, bookings: 300, flights: 120 });
    const bookingStatuses = await db.selectFrom('bookings').select('booking_status_id').distinct().execute();
    expect(bookingStatuses.map((r) => r.booking_status_id).sort()).toEqual([1, 2, 3, 4, 5]);
    const flightStatuses = await db.selectFrom('flights').select('flight_status_id').distinct().execute();
    expect(flightStatuses.map((r) => r.flight_status_id).sort()).toEqual([1, 2, 3, 4]);
    const customerTypes = await db.selectFrom('customers').select('customer_type_id').distinct().execute();
    expect(customerTypes.map((r) => r.customer_type_id).sort()).toEqual([1, 2, 3]);
  });

  it('keeps the rules: numbers YYYY-NNNNN, planned flights ahead, realized ones behind, balloons not overbooked', async () => {
    const { db } = database;
    const numbers = await db.selectFrom('bookings').select('number').execute();
    expect(numbers.every((b) => /^\d{4}-\d{5}$/.test(b.number))).toBe(true);
    const wrongWay = await db
      .selectFrom('flights')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('flight_status_id', '=', 1), eb('scheduled_date', '<', '2026-06-14')]),
          eb.and([eb('flight_status_id', '<>', 1), eb('scheduled_date', '>=', '2026-06-14')]),
        ]),
      )
      .execute();
    expect(wrongWay).toEqual([]);
    const overbooked = await db
      .selectFrom('registrations as r')
      .innerJoin('flights as f', 'f.id', 'r.flight_id')
      .innerJoin('balloons as b', 'b.id', 'f.balloon_id')
      .select(['f.id', 'b.passengers', sql<number>`count(*)`.as('n')])
      .groupBy(['f.id', 'b.passengers'])
      .having(sql`count(*)`, '>', sql`b.passengers`)
      .execute();
    expect(overbooked).toEqual([]);
    const accented = await db
      .selectFrom('passengers')
      .select('id')
      .where(sql<boolean>`fold(last_name) <> lower(last_name)`)
      .limit(1)
      .execute();
    expect(accented).toHaveLength(1);
  });

  it("keeps a fleet in order: the coming flights' file warns only of the one pilot whose medical runs out", async () => {
    const { db } = database;
    const coming = await db
      .selectFrom('flights as f')
      .innerJoin('pilots as p', 'p.id', 'f.pilot_id')
      .select(['f.id', 'f.scheduled_date', 'p.last_name'])
      .where('f.flight_status_id', '=', 1)
      .execute();
    const compliance = await loadFlightCompliance(
      db,
      coming.map((f) => f.id),
    );
    const codes = new Set<string>();
    for (const flight of coming) {
      for (const item of compliance.get(flight.id)?.compliance ?? []) {
        codes.add(item.code);
        if (item.code === 'pilot_medical') {
          expect(flight.last_name).toBe('Thévenot');
          // Her medical runs out five days after the demo's today.
          expect(String(flight.scheduled_date).slice(0, 10) > '2026-06-19').toBe(true);
        }
      }
    }
    expect(codes.has('pilot_medical')).toBe(true);
    expect([...codes].filter((code) => !['pilot_medical', 'fuel_reserve', 'crew_count'].includes(code))).toEqual([]);
    const inspections = await db.selectFrom('balloon_inspections').select(['balloon_id', 'hours']).execute();
    expect(inspections).toHaveLength(6);
  });

  it('is deterministic, and identical on both engines', async () => {
    // Compared with a fresh SQLite database: a second PostgreSQL schema here would race the Kysely migrator
    // (it looks for its tables in every schema).
    const other = createDatabase('sqlite::memory:');
    await migrateToLatest(other.db, other.dialect);
    try {
      await seedDemo(other.db, { today: '2026-06-14' });
      const snapshot = (d: Database) =>
        d.db
          .selectFrom('passengers')
          .select(['ticket_number', 'first_name', 'last_name', 'weight'])
          .orderBy('ticket_number')
          .execute();
      expect(await snapshot(other)).toEqual(await snapshot(database));
    } finally {
      await other.destroy();
    }
  });
});

// Issue 13 point 3: the natural order is start (the first administrator is created), look, then seed:demo.
describe(`demo season after the first start on ${engine}`, () => {
  it('fills a database that holds only the first administrator, and keeps that administrator', async () => {
    const database = await createTestDatabase();
    try {
      await ensureFirstAdmin(database.db, testConfig({ adminEmail: 'admin@localhost' }), () => {});
      const summary = await seedDemo(database.db, { today: '2026-06-14' });
      expect(summary.bookings).toBe(300);
      const users = await database.db.selectFrom('users').select(['email', 'role_id']).execute();
      expect(users).toEqual([{ email: 'admin@localhost', role_id: ROLES.su.id }]);
    } finally {
      await database.destroy();
    }
  });
});
