import Sqlite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type Database, isPreparableRead } from '../src/db/database.js';
import { listResource } from '../src/engine/index.js';
import { newBooking, newTeammate } from './builders.js';
import {
  createTestApp,
  createTestDatabase,
  engine,
  signIn,
  type TestApp,
  type TestDatabase,
  testConfig,
} from './helpers.js';
import { newFlight, newPassenger } from './services/builders.js';

// PostgreSQL plans an unnamed statement on every call: reads run as named prepared statements (db/database.ts),
// a list page included, whose ids and rows come in one WITH statement.

describe('which statements get a name', () => {
  it('names reads, the WITH of a list page included, and nothing that writes or matches a pattern', () => {
    expect(isPreparableRead('select "id" from "bookings" where "id" = $1', 1)).toBe(true);
    expect(isPreparableRead('with "__page" as (select "r0"."id" from "bookings" as "r0") select 1', 0)).toBe(true);
    expect(isPreparableRead('with "x" as (insert into "bookings" default values returning id) select 1', 0)).toBe(
      false,
    );
    expect(isPreparableRead('with "x" as (delete from "bookings" returning id) select 1', 0)).toBe(false);
    expect(isPreparableRead('with "x" as (update "bookings" set "number" = $1 returning id) select 1', 1)).toBe(false);
    expect(isPreparableRead('select "value" from "t" where "folded" like $1', 1)).toBe(false);
    expect(isPreparableRead('insert into "bookings" ("number") values ($1)', 1)).toBe(false);
    expect(isPreparableRead('select * from "bookings" where "id" in ($1)', 101)).toBe(false);
  });
});

describe.runIf(engine === 'postgres')('a list page on PostgreSQL', () => {
  let database: TestDatabase;
  let single: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 3; i += 1) await newBooking(database.db, { booking_status_id: 1 });
    // One connection, so that the prepared statements seen are those of the connection that ran the page.
    single = createDatabase(database.url, { poolSize: 1 });
  });
  afterAll(async () => {
    await single.destroy();
    await database.destroy();
  });

  it('runs its one statement prepared under a name, planned once per connection', async () => {
    const app = await buildApp({ config: testConfig(), database: { ...database, ...single } });
    try {
      const ctx = { ...app.ctx, db: single.db };
      const query = { filters: [{ field: 'booking_status.slug', op: '=', value: 'pending' }], page: 1 };
      for (let i = 0; i < 2; i += 1) expect((await listResource(ctx, 'bookings', query as never)).count).toBe(3);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        single.db,
      );
      expect(prepared.rows.some((r) => /^\s*with\s+"__page"/i.test(r.statement))).toBe(true);
    } finally {
      await app.close();
    }
  });

  /**
   * Runs `use` on an app over a connection of its own (PostgreSQL weighs a generic plan against the custom plans
   * that connection made so far, earlier tests' included), then answers that connection's prepared statements.
   */
  const onFreshConnection = async (use: (app: FastifyInstance, fresh: Database) => Promise<void>) => {
    const fresh = createDatabase(database.url, { poolSize: 1 });
    const app = await buildApp({ config: testConfig(), database: { ...database, ...fresh } });
    try {
      await use(app, fresh);
      const prepared = await sql<{ statement: string; generic_plans: number }>`
        select statement, generic_plans from pg_prepared_statements`.execute(fresh.db);
      return prepared.rows;
    } finally {
      await app.close();
      await fresh.destroy();
    }
  };

  it('plans the page once, not at every read: its LIMIT is no parameter, nor its OFFSET on the first page', async () => {
    // Enough pending bookings that a plan made for an unknown LIMIT (sort every match) costs more than the one made
    // for 10 rows: PostgreSQL then planned the statement again at every read (0.6 ms on the bench).
    await sql`insert into bookings (number, passengers_number, booking_status_id)
      select 'PLAN-' || g, 1, 1 from generate_series(1, 20000) g`.execute(database.db);
    await sql`analyze bookings`.execute(database.db);
    const prepared = await onFreshConnection(async (app, fresh) => {
      const ctx = { ...app.ctx, db: fresh.db };
      const query = { filters: [{ field: 'booking_status.slug', op: '=', value: 'pending' }], page: 1 };
      for (let i = 0; i < 8; i += 1) expect((await listResource(ctx, 'bookings', query as never)).count).toBe(20_003);
    });
    const page = prepared.find((r) => /^\s*with\s+"__page"/i.test(r.statement));
    expect(page?.statement).toMatch(/limit 10\)/);
    expect(Number(page?.generic_plans)).toBeGreaterThan(0);
  });

  it('plans the add-passengers walk once, not at every search', async () => {
    const flight = await newFlight(database.db);
    for (const last_name of ['Rousseau', 'Rousseau-Martin', 'Lerousseau']) {
      const booking = await newBooking(database.db, { booking_status_id: 1 });
      await newPassenger(database.db, booking, { last_name, first_name: 'Anne' });
    }
    const prepared = await onFreshConnection(async (app, fresh) => {
      const { headers } = await signIn({ app, database: { ...database, ...fresh }, close: async () => {} }, 'operator');
      for (let i = 0; i < 8; i += 1) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/search/passengers-for-flight',
          headers,
          payload: { search: 'rousseau', flight_id: flight },
        });
        expect(res.json()).toHaveLength(3);
      }
    });
    const walk = prepared.find((r) => /\bunnest\b/.test(r.statement) && /booking_is_open/.test(r.statement));
    expect(Number(walk?.generic_plans)).toBeGreaterThan(0);
  });
});

describe.runIf(engine === 'sqlite')('statements on SQLite', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let flight: number;
  let booking: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'admin'));
    const { db } = t.database;
    flight = await newFlight(db);
    const teammate = await newTeammate(db);
    await db.insertInto('flight_teammates').values({ flight_id: flight, teammate_id: teammate }).execute();
    booking = await newBooking(db);
    await newPassenger(db, booking, { last_name: 'Rousseau', is_referent: 1 });
  });
  afterAll(() => t.close());

  // SQLite (3.48 and later) reads a value bound to `LIMIT ?` while planning, so such a statement is prepared again
  // at every run, whatever the statement cache keeps (engine/sql.ts, literalLimit).
  it('bind no LIMIT, so that a statement is prepared once', async () => {
    const prepare = vi.spyOn(Sqlite.prototype, 'prepare');
    try {
      const get = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, res.body).toBe(200);
      };
      await get(`/api/flights/${flight}?embed=location,teammates,flight_status&count=passengers&append=flight_masses`);
      await get(`/api/bookings/${booking}?embed=passengers,requested_dates,referent_passenger`);
      await get('/api/bookings?page=1&search=rousseau&embed=requested_dates');
      await get('/api/bookings?page=1&search=rou');
      await get('/api/bookings?page=2&per_page=5&filters=booking_status.slug|=|pending&search=rousseau');
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/search/passengers-for-flight',
        headers,
        payload: { search: 'rousseau', flight_id: flight },
      });
      expect(search.statusCode).toBe(200);
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/passengers',
        headers,
        payload: { booking_id: booking, first_name: 'Léa', last_name: 'Rousseau', ticket_number: 'T-LIMIT-2' },
      });
      expect(create.statusCode, create.body).toBe(201);
      const texts = prepare.mock.calls.map(([text]) => String(text));
      expect(texts.filter((text) => /\blimit\b/i.test(text)).length).toBeGreaterThan(5);
      expect(texts.filter((text) => /\blimit\s+\?/i.test(text))).toEqual([]);
    } finally {
      prepare.mockRestore();
    }
  });
});
