import { BOOKING_STATUSES, FLIGHT_STATUSES } from '@app/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { newBooking, newPassenger } from './builders.js';
import { createTestDatabase, engine, type TestDatabase } from './helpers.js';

describe(`schema on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('seeds booking and flight statuses with the ids of the spec', async () => {
    const bookingStatuses = await database.db
      .selectFrom('booking_statuses')
      .select(['id', 'slug'])
      .orderBy('id')
      .execute();
    expect(bookingStatuses).toEqual(Object.values(BOOKING_STATUSES).map((s) => ({ id: s.id, slug: s.slug })));
    const flightStatuses = await database.db
      .selectFrom('flight_statuses')
      .select(['id', 'slug'])
      .orderBy('id')
      .execute();
    expect(flightStatuses).toEqual(Object.values(FLIGHT_STATUSES).map((s) => ({ id: s.id, slug: s.slug })));
  });

  it('seeds customer types association 1, individual 2, professional 3', async () => {
    const rows = await database.db.selectFrom('customer_types').select(['id', 'slug']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, slug: 'association' },
      { id: 2, slug: 'individual' },
      { id: 3, slug: 'professional' },
    ]);
  });

  it('enforces booking number uniqueness in the database itself', async () => {
    const values = { number: '2026-00001', passengers_number: 2, booking_status_id: 1 };
    await database.db.insertInto('bookings').values(values).execute();
    await expect(database.db.insertInto('bookings').values(values).execute()).rejects.toThrow();
  });

  it('folds accents and case the same way on both engines', async () => {
    const { rows } = await sql<{ f: string }>`SELECT fold(${'Éléonore Çà'}) AS f`.execute(database.db);
    expect(rows[0]?.f).toBe('eleonore ca');
  });

  it.runIf(engine === 'postgres')(
    'writes search terms straight into their trigram indexes (no pending list for every search to scan)',
    async () => {
      const rows = await sql<{ name: string; options: string[] | null }>`
        SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relname LIKE '%folded_trgm'`.execute(database.db);
      // Six searched columns; none when pg_trgm is not installed (the search then folds the terms without index).
      const trgm = await sql`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`.execute(database.db);
      expect(rows.rows.length).toBe(trgm.rows.length ? 6 : 0);
      for (const row of rows.rows) expect(row.options).toContain('fastupdate=off');
    },
  );

  it('moves PostgreSQL sequences past the seeded ids', async () => {
    const row = await database.db
      .insertInto('flight_schedules')
      .values({ label: 'Midi', position: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(3);
  });
});

describe(`later migrations on a database holding data (${engine})`, () => {
  it('apply over existing bookings and passengers (PostgreSQL: row updates then DDL in one migration)', async () => {
    // Up to the table versions (0014, whose deferred bump is pending after any row write in the same transaction)
    // and the indexes after it; then every later migration over real rows, as on an operator's database.
    const database = await createTestDatabase('0015_booking_list_indexes');
    try {
      for (let i = 0; i < 3; i += 1) await newPassenger(database.db, await newBooking(database.db));
      await migrateToLatest(database.db, database.dialect);
      const count = await database.db.selectFrom('bookings').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
      expect(Number(count?.n)).toBe(3);
    } finally {
      await database.destroy();
    }
  });
});
