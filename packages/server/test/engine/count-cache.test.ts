import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tableVersions } from '../../src/engine/count-cache.js';
import { listResource } from '../../src/engine/index.js';
import type { EngineContext } from '../../src/engine/types.js';
import { newBooking, newCustomer, newLocation, newPassenger } from '../builders.js';
import { createTestApp, engine, type TestApp, type TestDatabase } from '../helpers.js';
import { writeFromAnotherProcess } from '../other-process.js';
import { client, QueryCounter } from './support.js';

// The count cache (engine/count-cache.ts): totals stay exact under every kind of write — through the engine, raw
// SQL, a rolled-back transaction, and another OS process writing to the same database (test/other-process.ts).

describe(`count cache on ${engine}`, () => {
  let database: TestDatabase;
  let t: TestApp;
  let ctx: EngineContext;
  const counter = new QueryCounter();

  beforeAll(async () => {
    // Another process opens it too.
    t = await createTestApp({ shared: true });
    database = t.database;
    ctx = { ...t.app.ctx, db: database.db.withPlugin(counter) };
    for (let i = 0; i < 5; i += 1) await newBooking(database.db, { booking_status_id: 1 });
    await newBooking(database.db, { booking_status_id: 2 });
  });

  afterAll(async () => {
    await t.close();
  });

  const pending = { filters: [{ field: 'booking_status.slug', op: '=', value: 'pending' }], page: 1, per_page: 2 };
  const total = async () => (await listResource(ctx, 'bookings', pending as never)).count;
  /** The statements one read runs. */
  const statementsOf = async (read: () => Promise<unknown>) => {
    counter.count = 0;
    await read();
    return counter.count;
  };

  it('serves a repeated total without counting again, and the same total', async () => {
    expect(await total()).toBe(5);
    const miss = await statementsOf(async () => {
      await newBooking(database.db, { booking_status_id: 2 }); // a write: the next read counts again
      expect(await total()).toBe(5);
    });
    const hit = await statementsOf(async () => expect(await total()).toBe(5));
    expect(hit).toBe(miss - 1);
  });

  it('reads the versions with SQL compiled once per number of tables (it runs before every cached read)', async () => {
    const { db } = database;
    const read = async (tables: string[]) => Object.fromEntries((await tableVersions(db, tables)) ?? []);
    const first = await read(['bookings', 'passengers']);
    expect(Object.keys(first).sort()).toEqual(['bookings', 'passengers']);
    await newBooking(db, { booking_status_id: 1 });
    const compile = vi.spyOn(db.getExecutor(), 'compileQuery');
    try {
      expect(Object.keys(await read(['customers', 'bookings'])).sort()).toEqual(['bookings', 'customers']);
      const after = await read(['bookings', 'passengers']);
      expect(after.passengers).toBe(first.passengers);
      expect(after.bookings).not.toBe(first.bookings);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it('changes the total after a write through the engine’s own API', async () => {
    const before = await total();
    const api = await client(t);
    const created = await api.post('/api/bookings', {
      number: 'API-COUNT-1',
      booked_at: '2026-03-01',
      passengers_number: 1,
      booking_status_id: 1,
    });
    expect(created.status).toBe(201);
    expect(await total()).toBe(before + 1);
    expect((await api.put(`/api/bookings/${created.body.id}`, { booking_status_id: 2 })).status).toBe(200);
    expect(await total()).toBe(before);
  });

  it('changes the total after an update and a delete in raw SQL', async () => {
    const before = await total();
    const { id } = await database.db
      .selectFrom('bookings')
      .select('id')
      .where('booking_status_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`update bookings set booking_status_id = 2 where id = ${id}`.execute(database.db);
    expect(await total()).toBe(before - 1);
    await sql`update bookings set booking_status_id = 1 where id = ${id}`.execute(database.db);
    expect(await total()).toBe(before);
    const extra = await newBooking(database.db, { booking_status_id: 1 });
    expect(await total()).toBe(before + 1);
    await sql`delete from bookings where id = ${extra}`.execute(database.db);
    expect(await total()).toBe(before);
  });

  it('keeps the total when a transaction rolls back', async () => {
    const before = await total();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await newBooking(trx, { booking_status_id: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await total()).toBe(before);
  });

  it('changes the next total after a write from another process', async () => {
    const before = await total();
    expect(await total()).toBe(before); // cached now
    writeFromAnotherProcess(
      database.url,
      "insert into bookings (number, booking_status_id, passengers_number, booked_at) values ('AUTRE-PROCESSUS', 1, 1, '2026-01-02')",
    );
    expect(await total()).toBe(before + 1);
    writeFromAnotherProcess(database.url, "delete from bookings where number = 'AUTRE-PROCESSUS'");
    expect(await total()).toBe(before);
  });

  it('keeps a searched total exact when a passenger of another table is renamed', async () => {
    const customer = await newCustomer(database.db, { last_name: 'Client' });
    const booking = await newBooking(database.db, { booking_status_id: 1, customer_id: customer });
    const passenger = await newPassenger(database.db, booking, { last_name: 'Zanzibarre' });
    const searched = async () =>
      (await listResource(ctx, 'bookings', { search: 'Zanzibar', page: 1, per_page: 1 } as never)).count;
    expect(await searched()).toBe(1);
    await newPassenger(database.db, await newBooking(database.db, { booking_status_id: 1 }), {
      last_name: 'Zanzibarre',
    });
    expect(await searched()).toBe(2);
    await sql`update passengers set last_name = 'Autre' where id = ${passenger}`.execute(database.db);
    expect(await searched()).toBe(1);
  });

  it('compiles a searched page once per shape: other words and another place compile nothing', async () => {
    const db = database.db;
    const plain = { ...ctx, db };
    const [north, south] = [await newLocation(db, { label: 'Nord' }), await newLocation(db, { label: 'Sud' })];
    const made: Record<string, number> = {};
    for (const [name, location] of [
      ['Kerbrat', north],
      ['Kerbrat', south],
      ['Lozachmeur', north],
      ['Lozachmeur', south],
    ] as const) {
      const booking = await newBooking(db, { booking_status_id: 1, location_id: location });
      await newPassenger(db, booking, { last_name: name });
      made[`${name}@${location}`] = booking;
    }
    const ids = async (text: string, location: number) =>
      (
        await listResource(plain, 'bookings', {
          filters: [
            { field: 'booking_status.slug', op: '=', value: 'pending' },
            { field: 'location_id', op: '=', value: String(location) },
          ],
          search: text,
          page: 1,
        } as never)
      ).data.map((r) => r.id);
    // Each text's terms and each place's total read once, and the shape compiled.
    expect(await ids('kerbra', north)).toEqual([made[`Kerbrat@${north}`]]);
    expect(await ids('lozach', south)).toEqual([made[`Lozachmeur@${south}`]]);
    const compile = vi.spyOn(db.getExecutor(), 'compileQuery');
    try {
      expect(await ids('kerbra', south)).toEqual([made[`Kerbrat@${south}`]]);
      expect(await ids('lozach', north)).toEqual([made[`Lozachmeur@${north}`]]);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });

  it('answers the same pages whichever search plan the cached counts choose', async () => {
    // First read: the total is unknown, the matches are collected from the indexes; later reads know the total
    // (dense: 12 of the bookings) and SQLite tests the search row by row along the primary key instead.
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const booking = await newBooking(database.db, { booking_status_id: i % 2 ? 1 : 2 });
      await newPassenger(database.db, booking, { last_name: i % 3 ? 'Delacourt' : 'Delacourt-Ribes' });
      ids.push(booking);
    }
    const newestFirst = [...ids].reverse();
    const read = (query: object) => listResource(ctx, 'bookings', { search: 'delacour', ...query } as never);
    const form = async (query: object) => {
      counter.trees = [];
      const answer = await read(query);
      const trees = counter.trees.join('\n');
      return {
        answer,
        union: trees.includes(' union '),
        walk: trees.includes('exists ('),
      };
    };
    for (const page of [1, 2, 3]) {
      const { answer: first, union } = await form({ page, per_page: 5 });
      const { answer: again, union: unionAgain, walk } = await form({ page, per_page: 5 });
      // Collected from the indexes while the total is unknown, then walked along the primary key.
      if (page === 1) expect(union).toBe(true);
      expect(unionAgain).toBe(false);
      expect(walk).toBe(true);
      expect(again).toEqual(first);
      expect(first.count).toBe(12);
      expect(first.data.map((r) => r.id)).toEqual(newestFirst.slice((page - 1) * 5, page * 5));
    }
    const pendingIds = newestFirst.filter((_, i) => (11 - i) % 2 === 1);
    const narrowed = await read({
      filters: [{ field: 'booking_status.slug', op: '=', value: 'pending' }],
      page: 1,
      per_page: 4,
    });
    expect(narrowed.count).toBe(6);
    expect(narrowed.data.map((r) => r.id)).toEqual(pendingIds.slice(0, 4));
  });

  // The terms a search text matches (engine/term-cache.ts, SQLite): read once per text, then bound to the
  // statement while the table they index is unchanged; any write to it, from any process, makes the next search
  // read them again.
  it('reads the terms a search matches once, and again after any write to their table', async () => {
    const found = async (text: string) =>
      (await listResource(ctx, 'bookings', { search: text, page: 1, per_page: 5 } as never)).data.map((r) => r.number);
    const booking = await newBooking(database.db, { number: 'TERMES-1', booking_status_id: 1 });
    await newPassenger(database.db, booking, { last_name: 'Kerguélen' });
    expect(await found('kerguel')).toEqual(['TERMES-1']);
    // Read again: the terms come bound to the statement, no lookup in their trigram index (SQLite: a json_each
    // list; PostgreSQL: an array parameter, so that the statement holds no LIKE and is prepared once).
    counter.trees = [];
    await found('kerguel');
    expect(counter.trees.some((tree) => tree.includes('_terms'))).toBe(false);
    expect(counter.trees.some((tree) => tree.includes(engine === 'sqlite' ? 'json_each' : '::text[])'))).toBe(true);
    expect(counter.trees.some((tree) => / like /.test(tree))).toBe(false);

    // A new term (a raw insert), then another process renaming it away and back: each read sees the change.
    const second = await newBooking(database.db, { number: 'TERMES-2', booking_status_id: 1 });
    await sql`insert into passengers (booking_id, first_name, last_name) values (${second}, 'Anne', 'Kerguelen-Tréguier')`.execute(
      database.db,
    );
    expect(await found('kerguel')).toEqual(['TERMES-2', 'TERMES-1']);
    writeFromAnotherProcess(database.url, "update passengers set last_name = 'Autre' where last_name = 'Kerguélen'");
    expect(await found('kerguel')).toEqual(['TERMES-2']);
    writeFromAnotherProcess(
      database.url,
      `insert into passengers (booking_id, first_name, last_name) values (${booking}, 'Yves', 'Kerguelec')`,
    );
    expect(await found('kerguel')).toEqual(['TERMES-2', 'TERMES-1']);
  });

  it('tracks every business table, and none of the session tables', async () => {
    const rows = await sql<{ name: string }>`select name from table_versions`.execute(database.db);
    const names = rows.rows.map((r) => r.name);
    for (const table of ['bookings', 'passengers', 'customers', 'flights', 'registrations', 'booking_statuses']) {
      expect(names).toContain(table);
    }
    expect(names).not.toContain('sessions');
    expect(names.some((n) => n.includes('_fts') || n.endsWith('_terms'))).toBe(false);
  });
});
