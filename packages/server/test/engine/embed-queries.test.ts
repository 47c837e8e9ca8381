import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDED_LIST_CAP } from '../../src/engine/embed.js';
import { getResource, listResource } from '../../src/engine/index.js';
import type { Row } from '../../src/engine/types.js';
import { newBalloon, newBooking, newCustomer, newFlight, newPassenger, newTeammate, register } from '../builders.js';
import { createTestApp, engine, type TestApp } from '../helpers.js';
import { countingContext } from './support.js';

// Embeds load one query per relation per level, whatever the number of rows (no N+1): the number of SQL
// statements of a read stays the same when the data grows tenfold.

describe(`embed query count on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function seed(n: number) {
    const db = t.database.db;
    const balloon = await newBalloon(db);
    for (let i = 0; i < n; i += 1) {
      const customer = await newCustomer(db);
      const booking = await newBooking(db, { customer_id: customer });
      const other = await newBooking(db, { customer_id: customer });
      await db.insertInto('booking_links').values({ booking_id: booking, linked_booking_id: other }).execute();
      await db.insertInto('booking_flight_schedules').values({ booking_id: booking, flight_schedule_id: 1 }).execute();
      await db.insertInto('requested_dates').values({ booking_id: booking, date: '2026-07-01' }).execute();
      const flight = await newFlight(db, { balloon_id: balloon });
      await db
        .insertInto('flight_teammates')
        .values({ flight_id: flight, teammate_id: await newTeammate(db) })
        .execute();
      for (let p = 0; p < 2; p += 1) {
        const passenger = await newPassenger(db, booking, { is_referent: p === 0 ? 1 : 0 });
        await register(db, flight, passenger);
      }
    }
  }

  const bookingQuery = {
    embed: [
      'passengers.flights.flight_status',
      'passengers.flights.teammates',
      'referent_passenger.next_flights',
      'customer.customer_type',
      'linked_bookings.passengers',
      'flight_schedules',
      'requested_dates',
      'booking_status',
    ],
    count: ['passengers', 'requested_dates'],
  };

  it('lists bookings with nested embeds in a fixed number of queries', async () => {
    await seed(3);
    const { ctx, counter } = countingContext(t);
    const small = (await listResource(ctx, 'bookings', bookingQuery)) as unknown[];
    const smallQueries = counter.count;
    await seed(30);
    counter.count = 0;
    const large = (await listResource(ctx, 'bookings', bookingQuery)) as unknown[];
    expect(large.length).toBeGreaterThan(small.length * 5);
    expect(counter.count).toBe(smallQueries);
    // One list query, then one per embedded relation per level (13 of them) but booking_status, a one-row lookup
    // folded into the list query (embed.ts), linked_bookings reading its pivot first.
    expect(smallQueries).toBe(1 + 12 + 1);
  });

  it('pages with the same number of queries on page 1 and page 3', async () => {
    const { ctx, counter } = countingContext(t);
    // Warmed once: the count cache (count-cache.ts) then answers the total of both pages the same way.
    await listResource(ctx, 'bookings', { ...bookingQuery, page: 1, per_page: 5 });
    counter.count = 0;
    await listResource(ctx, 'bookings', { ...bookingQuery, page: 1, per_page: 5 });
    const first = counter.count;
    counter.count = 0;
    await listResource(ctx, 'bookings', { ...bookingQuery, page: 3, per_page: 5 });
    expect(counter.count).toBe(first);
  });

  it('reads a flight detail with its embeds, count and append in a fixed number of queries', async () => {
    const db = t.database.db;
    const flight = await newFlight(db, { balloon_id: await newBalloon(db) });
    const booking = await newBooking(db);
    const query = {
      embed: ['location', 'balloon', 'pilot', 'teammates', 'flight_type', 'flight_status', 'passengers'],
      count: ['passengers'],
      append: ['flight_masses'],
    };
    const { ctx, counter } = countingContext(t);
    await register(db, flight, await newPassenger(db, booking));
    await getResource(ctx, 'flights', flight, query);
    const few = counter.count;
    for (let i = 0; i < 12; i += 1) await register(db, flight, await newPassenger(db, booking));
    counter.count = 0;
    const detail = await getResource(ctx, 'flights', flight, query);
    expect(detail.passengers_count).toBe(13);
    expect(counter.count).toBe(few);
  });

  it('folds one-row embeds into the rows’ statement, answering each exactly as its own read does', async () => {
    const db = t.database.db;
    const customer = await newCustomer(db, { last_name: 'Plié' });
    const booking = await newBooking(db, { customer_id: customer });
    const referent = await newPassenger(db, booking, { is_referent: 1, weight: 72.5 });
    await newPassenger(db, booking, { is_referent: 0 });
    const { ctx, counter } = countingContext(t);
    const read = await getResource(ctx, 'bookings', booking, {
      embed: ['referent_passenger', 'customer', 'booking_status'],
    });
    // The booking and its three lookups: one statement.
    expect(counter.count).toBe(1);
    expect(read.referent_passenger).toEqual(await getResource(ctx, 'passengers', referent));
    expect(read.customer).toEqual(await getResource(ctx, 'customers', customer));
    expect(read.booking_status).toEqual(await getResource(ctx, 'booking-statutes', 1));
    const page = await listResource(ctx, 'bookings', {
      filters: [{ field: 'id', op: '=', value: booking }],
      embed: ['referent_passenger', 'customer'],
      page: 1,
    } as never);
    expect(page.data[0]?.referent_passenger).toEqual(read.referent_passenger);
    const none = await getResource(ctx, 'bookings', await newBooking(db), {
      embed: ['referent_passenger', 'customer'],
    });
    expect(none.referent_passenger).toBeNull();
    expect(none.customer).toBeNull();
  });

  it('folds a page’s plain lists into its rows’ statement, in order, and reads a parent past the cap as before', async () => {
    const db = t.database.db;
    const dated = await newBooking(db);
    for (const date of ['2026-09-03', '2026-07-01', '2026-08-15']) {
      await db.insertInto('requested_dates').values({ booking_id: dated, date }).execute();
    }
    for (const [content, at] of [
      ['Rappeler la veille', '2026-05-02T10:00:00.000Z'],
      ['Client prévenu', '2026-05-01T09:30:00.000Z'],
    ] as const) {
      await db
        .insertInto('booking_notes')
        .values({ booking_id: dated, content, created_at: at, updated_at: at })
        .execute();
    }
    const empty = await newBooking(db);
    const byIds = (ids: number[]) => [{ field: 'id', op: 'in', value: ids.map(String) }];
    const embed = ['requested_dates', 'notes'];
    const { ctx, counter } = countingContext(t);
    // Unpaged, each list is read by its own statement: the reference answer.
    const unpaged = (await listResource(ctx, 'bookings', {
      filters: byIds([dated, empty]),
      embed,
    } as never)) as unknown as Row[];
    const page = async (ids: number[], withEmbeds: boolean) => {
      const query = { filters: byIds(ids), page: 1, per_page: 10, ...(withEmbeds ? { embed } : {}) } as never;
      await listResource(ctx, 'bookings', query); // the total cached, as on a list screen
      counter.count = 0;
      const answer = (await listResource(ctx, 'bookings', query)).data as Row[];
      return { answer, statements: counter.count };
    };
    const withLists = await page([dated, empty], true);
    const without = await page([dated, empty], false);
    expect(withLists.statements).toBe(without.statements);
    type Dated = Row & { requested_dates?: { date: string }[]; notes?: { content: string }[] };
    const byId = (rows: Row[]) => Object.fromEntries(rows.map((r) => [Number(r.id), r as Dated]));
    expect(byId(withLists.answer)).toEqual(byId(unpaged));
    const first = byId(withLists.answer)[dated] as Dated;
    expect(first.requested_dates?.map((d) => d.date)).toEqual(['2026-07-01', '2026-08-15', '2026-09-03']);
    expect(first.notes?.map((n) => n.content)).toEqual(['Client prévenu', 'Rappeler la veille']);
    expect(byId(withLists.answer)[empty]?.requested_dates).toEqual([]);

    // A parent with more children than a folded list holds: all of them, read by the relation's own statement.
    const many = await newBooking(db);
    const dates = Array.from({ length: FOLDED_LIST_CAP + 3 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    );
    for (const date of [...dates].reverse()) {
      await db.insertInto('requested_dates').values({ booking_id: many, date }).execute();
    }
    const capped = await page([many, dated], true);
    expect(capped.statements).toBe(without.statements + 1);
    expect(byId(capped.answer)[many]?.requested_dates?.map((d) => d.date)).toEqual(dates);
    expect(byId(capped.answer)[dated]?.requested_dates).toEqual(first.requested_dates);
  });

  it('folds a record’s lists, many-to-many ones included, into its statement, as their own statements answer them', async () => {
    const db = t.database.db;
    const flight = await newFlight(db);
    for (const last_name of ['Zèbre', 'avion', 'Écureuil']) {
      await db
        .insertInto('flight_teammates')
        .values({ flight_id: flight, teammate_id: await newTeammate(db, { last_name }) })
        .execute();
    }
    const booking = await newBooking(db);
    for (const date of ['2026-09-03', '2026-07-01']) {
      await db.insertInto('requested_dates').values({ booking_id: booking, date }).execute();
    }
    await db.insertInto('booking_flight_schedules').values({ booking_id: booking, flight_schedule_id: 1 }).execute();
    const { ctx, counter } = countingContext(t);
    const read = async (name: string, id: number, embed: string[]) => {
      counter.count = 0;
      const answer = await getResource(ctx, name, id, { embed });
      return { answer, statements: counter.count };
    };
    // Unpaged, each list is read by its own statement: the reference answer.
    const reference = async (name: string, id: number, embed: string[]) =>
      (
        (await listResource(ctx, name, {
          filters: [{ field: 'id', op: '=', value: id }],
          embed,
        } as never)) as unknown as Row[]
      )[0];

    const flightEmbeds = ['teammates', 'flight_status'];
    const withTeammates = await read('flights', flight, flightEmbeds);
    expect(withTeammates.statements).toBe((await read('flights', flight, [])).statements);
    expect(withTeammates.answer).toEqual(await reference('flights', flight, flightEmbeds));
    const teammates = withTeammates.answer.teammates as { last_name: string }[];
    expect(teammates.map((m) => m.last_name)).toEqual(['avion', 'Écureuil', 'Zèbre']);

    const bookingEmbeds = ['requested_dates', 'flight_schedules', 'notes'];
    const withLists = await read('bookings', booking, bookingEmbeds);
    expect(withLists.statements).toBe((await read('bookings', booking, [])).statements);
    expect(withLists.answer).toEqual(await reference('bookings', booking, bookingEmbeds));
    expect((withLists.answer.requested_dates as { date: string }[]).map((d) => d.date)).toEqual([
      '2026-07-01',
      '2026-09-03',
    ]);
    expect(withLists.answer.notes).toEqual([]);

    // More teammates than a folded list holds: all of them, by the relation's own statement.
    const crowded = await newFlight(db);
    for (let i = 0; i < FOLDED_LIST_CAP + 3; i += 1) {
      await db
        .insertInto('flight_teammates')
        .values({ flight_id: crowded, teammate_id: await newTeammate(db) })
        .execute();
    }
    const all = await read('flights', crowded, flightEmbeds);
    expect(all.statements).toBe(withTeammates.statements + 1);
    expect((all.answer.teammates as unknown[]).length).toBe(FOLDED_LIST_CAP + 3);
    expect(all.answer).toEqual(await reference('flights', crowded, flightEmbeds));
  });

  it('reads a page with its lookups and a count in one round trip on PostgreSQL once its total is cached', async () => {
    const { ctx, counter } = countingContext(t);
    const query = {
      filters: [{ field: 'booking_status.slug', op: '=', value: 'pending' }],
      embed: ['referent_passenger', 'location', 'prestation'],
      count: ['passengers'],
      page: 1,
      per_page: 2,
    } as never;
    const first = await listResource(ctx, 'bookings', query);
    expect(first.count).toBeGreaterThan(2);
    counter.count = 0;
    expect(await listResource(ctx, 'bookings', query)).toEqual(first);
    // PostgreSQL: the page's ids, rows, counts, lookups and the versions of the count cache in one statement;
    // SQLite, where a statement costs no round trip, reads the versions, the ids and the rows apart.
    expect(counter.count).toBe(engine === 'postgres' ? 1 : 3);
  });
});
