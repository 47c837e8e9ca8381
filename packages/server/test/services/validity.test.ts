import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays, addMonths } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as operatorToday } from '../../src/core/clock.js';
import { createDatabase, type Database } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { loadTicketSheet } from '../../src/pdf/ticket-data.js';
import { runDailyExpiry, VALIDITY_MESSAGES } from '../../src/services/validity.js';
import { CHILD_PROCESS_TEST_MS, serverRoot } from '../built-server.js';
import { createTestApp, createTestDatabase, engine, signIn, type TestApp } from '../helpers.js';
import { newBooking, newFlight, newPassenger, register } from './builders.js';

// Issue 12 point 3: a booking's validity date (purchase date + the months setting, editable), 'Prolonger' with a
// recorded reason, the expiring-soon filter of the lists, and the daily expiry job: idempotent, and run once per
// day by several server processes at once (each booking expired exactly once).

describe(`voucher validity on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
    ({ headers: admin } = await signIn(t, 'admin'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, extra = headers) =>
    t.app.inject({ method, url, headers: extra, ...(payload === undefined ? {} : { payload: payload as object }) });
  let n = 0;
  const number = () => {
    n += 1;
    return `V-${n}`;
  };
  const booking = (id: number) =>
    t.database.db
      .selectFrom('bookings')
      .select(['booking_status_id', 'validity_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('sets the validity on creation from the purchase date and the months setting (12 by default)', async () => {
    const created = await call('POST', '/api/bookings', {
      number: number(),
      booked_at: '2026-01-31',
      passengers_number: 2,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().validity_date).toBe('2027-01-31');

    // Without a purchase date, from today.
    const today = await call('POST', '/api/bookings', { number: number(), passengers_number: 1 });
    expect(today.json().validity_date).toBe(addMonths(operatorToday(), 12));

    expect((await call('PUT', '/api/settings/voucher_validity_months', { value: '6' }, admin)).statusCode).toBe(200);
    try {
      const six = await call('POST', '/api/bookings', {
        number: number(),
        booked_at: '2026-08-31',
        passengers_number: 1,
      });
      // 31 August + 6 months: the end of February.
      expect(six.json().validity_date).toBe('2027-02-28');
      // A date given on creation is kept.
      const given = await call('POST', '/api/bookings', {
        number: number(),
        booked_at: '2026-08-31',
        validity_date: '2028-01-01',
        passengers_number: 1,
      });
      expect(given.json().validity_date).toBe('2028-01-01');
      for (const value of ['0', '121', 'douze', '1.5']) {
        const refused = await call('PUT', '/api/settings/voucher_validity_months', { value }, admin);
        expect(refused.statusCode, value).toBe(422);
      }
    } finally {
      await call('PUT', '/api/settings/voucher_validity_months', { value: '12' }, admin);
    }
  });

  it('lets the validity date be edited, never before the purchase date', async () => {
    const id = (
      await call('POST', '/api/bookings', { number: number(), booked_at: '2026-03-10', passengers_number: 2 })
    ).json().id as number;
    const edited = await call('PUT', `/api/bookings/${id}`, { validity_date: '2027-06-30' });
    expect(edited.statusCode).toBe(200);
    expect((await booking(id)).validity_date).toBe('2027-06-30');

    const before = await call('PUT', `/api/bookings/${id}`, { validity_date: '2026-03-09' });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors.validity_date).toEqual([VALIDITY_MESSAGES.beforePurchase]);
    const notADate = await call('PUT', `/api/bookings/${id}`, { validity_date: '31/12/2027' });
    expect(notADate.statusCode).toBe(422);
    expect((await booking(id)).validity_date).toBe('2027-06-30');
  });

  it("'Prolonger' moves the validity by N months with the reason, who and when, and a note", async () => {
    const id = await newBooking(t.database.db, { booked_at: '2026-02-15', validity_date: '2027-02-15' });
    const response = await call('POST', `/api/bookings/${id}/extend-validity`, {
      months: 3,
      reason: 'Client hospitalisé, geste commercial',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      booking_id: id,
      months: 3,
      previous_validity_date: '2027-02-15',
      validity_date: '2027-05-15',
    });
    expect((await booking(id)).validity_date).toBe('2027-05-15');
    await call('POST', `/api/bookings/${id}/extend-validity`, { months: 1, reason: 'Météo de mai' });

    const list = await call('GET', `/api/booking-validity-extensions?filters=booking_id|=|${id}`);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((e: { months: number; reason: string; validity_date: string; user_name: string }) => [
          e.months,
          e.reason,
          e.validity_date,
          e.user_name,
        ]),
    ).toEqual(
      expect.arrayContaining([
        [3, 'Client hospitalisé, geste commercial', '2027-05-15', 'Test operator'],
        [1, 'Météo de mai', '2027-06-15', 'Test operator'],
      ]),
    );
    const embedded = await call('GET', `/api/bookings/${id}?embed=validity_extensions`);
    expect(embedded.json().validity_extensions).toHaveLength(2);
    const notes = await t.database.db
      .selectFrom('booking_notes')
      .select('content')
      .where('booking_id', '=', id)
      .orderBy('id')
      .execute();
    expect(notes.map((x) => x.content)).toEqual([
      "Validité prolongée de 3 mois, jusqu'au 15/05/2027 : Client hospitalisé, geste commercial",
      "Validité prolongée de 1 mois, jusqu'au 15/06/2027 : Météo de mai",
    ]);
  });

  it("'Prolonger' refuses bad input in French and changes nothing", async () => {
    const id = await newBooking(t.database.db, { booked_at: '2026-02-15', validity_date: '2027-02-15' });
    const cases: [unknown, string][] = [
      [{}, 'months'],
      [{ months: 3 }, 'reason'],
      [{ months: 0, reason: 'x' }, 'months'],
      [{ months: 121, reason: 'x' }, 'months'],
      [{ months: 1.5, reason: 'x' }, 'months'],
      [{ months: 'trois', reason: 'x' }, 'months'],
      [{ months: 3, reason: '' }, 'reason'],
      [{ months: 3, reason: 'a'.repeat(501) }, 'reason'],
      [{ months: 3, reason: 'ligne\u0000nulle' }, 'reason'],
      [{ months: 3, reason: 'x', validity_date: '2030-01-01' }, ''],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', `/api/bookings/${id}/extend-validity`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const body = response.json();
      expect(body.message, JSON.stringify(payload)).toMatch(/[a-zé]/);
      if (field) expect(Object.keys(body.errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    // Still past after the extension: refused with the date it would give.
    const old = await newBooking(t.database.db, { booked_at: '2020-01-10', validity_date: '2021-01-10' });
    const past = await call('POST', `/api/bookings/${old}/extend-validity`, { months: 1, reason: 'Trop tard' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.months).toEqual([VALIDITY_MESSAGES.stillPast('2021-02-10')]);
    // Completed and canceled bookings are not extended; an unknown booking is 404.
    for (const status of [3, 4]) {
      const closed = await newBooking(t.database.db, { booking_status_id: status, validity_date: '2027-01-01' });
      const refused = await call('POST', `/api/bookings/${closed}/extend-validity`, { months: 2, reason: 'Non' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(VALIDITY_MESSAGES.closed);
    }
    expect((await call('POST', '/api/bookings/999999/extend-validity', { months: 2, reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await booking(id)).validity_date).toBe('2027-02-15');
    const extensions = await t.database.db
      .selectFrom('booking_validity_extensions')
      .select('id')
      .where('booking_id', 'in', [id, old])
      .execute();
    expect(extensions).toEqual([]);
  });

  it("prints the booking's validity on its tickets, an extension included", async () => {
    const id = await newBooking(t.database.db, { booked_at: '2026-05-14', validity_date: '2027-05-14' });
    await newPassenger(t.database.db, id);
    expect((await loadTicketSheet(t.database.db, { bookingId: id }))?.validUntil).toBe('2027-05-14');
    await call('POST', `/api/bookings/${id}/extend-validity`, { months: 2, reason: 'Geste commercial' });
    expect((await loadTicketSheet(t.database.db, { bookingId: id }))?.validUntil).toBe('2027-07-14');
  });

  it('reopens an expired booking as pending when extended past today', async () => {
    const today = operatorToday();
    const id = await newBooking(t.database.db, {
      booked_at: addMonths(today, -13),
      validity_date: addMonths(today, -1),
      booking_status_id: 5,
    });
    const response = await call('POST', `/api/bookings/${id}/extend-validity`, { months: 6, reason: 'Accord client' });
    expect(response.statusCode).toBe(201);
    expect(await booking(id)).toEqual({ booking_status_id: 1, validity_date: addMonths(today, 5) });
  });

  it('filters the bookings list on what expires soon (open bookings within 30 days)', async () => {
    const today = operatorToday();
    const soon = await newBooking(t.database.db, { validity_date: addDays(today, 10), booking_status_id: 2 });
    const edge = await newBooking(t.database.db, { validity_date: addDays(today, 30) });
    await newBooking(t.database.db, { validity_date: addDays(today, 31) });
    await newBooking(t.database.db, { validity_date: addDays(today, 5), booking_status_id: 3 });
    await newBooking(t.database.db, { validity_date: addDays(today, -3), booking_status_id: 5 });
    const filters = `validity_date|>=|${today},validity_date|<=|${addDays(today, 30)},booking_status_id|in|1;2`;
    const list = await call('GET', `/api/bookings?filters=${filters}&order=validity_date|ASC`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((b: { id: number }) => b.id)).toEqual([soon, edge]);
  });
});

describe(`daily expiry job on ${engine}`, () => {
  /** A database of its own that other processes can open: a file on SQLite, a schema on PostgreSQL. */
  async function sharedDatabase(): Promise<{ database: Database; url: string; cleanup: () => Promise<void> }> {
    if (engine === 'postgres') {
      const database = await createTestDatabase();
      return { database, url: database.url, cleanup: () => database.destroy() };
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'montgolfiere-expiry-'));
    const url = `sqlite://${path.join(dir, 'app.sqlite')}`;
    const database = createDatabase(url);
    await migrateToLatest(database.db, database.dialect);
    return {
      database,
      url,
      cleanup: async () => {
        await database.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  /** Past-validity open bookings (to expire), and the ones the job must leave alone. */
  async function dataset(database: Database, today: string, count: number) {
    const { db } = database;
    const due: number[] = [];
    for (let i = 0; i < count; i += 1) {
      due.push(
        await newBooking(db, { validity_date: addDays(today, -1 - (i % 40)), booking_status_id: i % 2 ? 1 : 2 }),
      );
    }
    const kept = [
      await newBooking(db, { validity_date: today }),
      await newBooking(db, { validity_date: addDays(today, 60), booking_status_id: 2 }),
      await newBooking(db, { validity_date: addDays(today, -5), booking_status_id: 3 }),
      await newBooking(db, { validity_date: addDays(today, -5), booking_status_id: 4 }),
      await newBooking(db, { validity_date: null }),
    ];
    // Past validity but seated on a coming planned flight while the voucher was valid: it flies first.
    const seated = await newBooking(db, { validity_date: addDays(today, -2) });
    const flight = await newFlight(db, { scheduled_date: addDays(today, 3), flight_status_id: 1 });
    await register(db, flight, [await newPassenger(db, seated)]);
    kept.push(seated);
    return { due, kept };
  }

  async function expiryNotes(database: Database, ids: number[]) {
    const rows = await database.db
      .selectFrom('booking_notes')
      .select(['booking_id'])
      .where('content', 'like', 'Réservation périmée automatiquement%')
      .execute();
    const wanted = new Set(ids);
    return rows.filter((r) => wanted.has(r.booking_id)).map((r) => r.booking_id);
  }

  async function statuses(database: Database, ids: number[]) {
    const rows = await database.db
      .selectFrom('bookings')
      .select(['id', 'booking_status_id'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return new Map(rows.map((r) => [r.id, r.booking_status_id]));
  }

  it('expires past-validity open bookings once, and a second run the same day does nothing', async () => {
    const shared = await sharedDatabase();
    try {
      const today = '2031-04-15';
      const { due, kept } = await dataset(shared.database, today, 12);
      const before = await statuses(shared.database, kept);
      const first = await runDailyExpiry(shared.database.db, today);
      expect(first).toEqual({ ran: true, expired: [...due].sort((a, b) => a - b) });
      expect(await runDailyExpiry(shared.database.db, today)).toEqual({ ran: false, expired: [] });
      const after = await statuses(shared.database, [...due, ...kept]);
      for (const id of due) expect(after.get(id)).toBe(5);
      for (const id of kept) expect(after.get(id)).toBe(before.get(id));
      expect((await expiryNotes(shared.database, due)).sort((a, b) => a - b)).toEqual([...due].sort((a, b) => a - b));

      // The next day runs again: the booking valid until 'today' is past now, like one whose date was edited back.
      const job = await shared.database.db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where('name', '=', 'expire-bookings')
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({ run_on: today, result: '12 réservation(s) périmée(s)' });
      const late = await newBooking(shared.database.db, { validity_date: today });
      expect(await runDailyExpiry(shared.database.db, addDays(today, 1))).toEqual({
        ran: true,
        expired: [kept[0], late],
      });
    } finally {
      await shared.cleanup();
    }
  });

  it(
    'runs once when several server processes tick at the same moment: each booking expired exactly once',
    async () => {
      const shared = await sharedDatabase();
      try {
        const today = '2031-04-15';
        const { due } = await dataset(shared.database, today, 300);
        const startAt = Date.now() + 2500;
        const tick = () =>
          promisify(execFile)(process.execPath, ['test/services/expiry-process.mjs'], {
            cwd: serverRoot,
            env: { ...process.env, DATABASE_URL: shared.url, TODAY: today, START_AT: String(startAt) },
            timeout: CHILD_PROCESS_TEST_MS,
            killSignal: 'SIGKILL',
          });
        const runs = (await Promise.all([tick(), tick(), tick()])).map(
          (r) => JSON.parse(r.stdout) as { ran: boolean; expired: number[] },
        );
        expect(runs.filter((r) => r.ran)).toHaveLength(1);
        expect(runs.flatMap((r) => r.expired).sort((a, b) => a - b)).toEqual([...due].sort((a, b) => a - b));
        expect(await expiryNotes(shared.database, due)).toHaveLength(due.length);
        const after = await statuses(shared.database, due);
        expect([...after.values()].every((s) => s === 5)).toBe(true);
      } finally {
        await shared.cleanup();
      }
    },
    CHILD_PROCESS_TEST_MS,
  );

  it('two connections of one process racing on PostgreSQL or SQLite: one claims the day', async () => {
    const shared = await sharedDatabase();
    const second = createDatabase(shared.url);
    try {
      const today = '2031-04-15';
      const { due } = await dataset(shared.database, today, 50);
      // On SQLite a connection waits for the other's write lock synchronously: run them one after the other there,
      // the second still finding the day claimed through its own connection.
      const runs =
        engine === 'postgres'
          ? await Promise.all([runDailyExpiry(shared.database.db, today), runDailyExpiry(second.db, today)])
          : [await runDailyExpiry(shared.database.db, today), await runDailyExpiry(second.db, today)];
      expect(runs.filter((r) => r.ran)).toHaveLength(1);
      expect(runs.flatMap((r) => r.expired)).toHaveLength(due.length);
      expect(await expiryNotes(shared.database, due)).toHaveLength(due.length);
    } finally {
      await second.destroy();
      await shared.cleanup();
    }
  });
});

describe(`migration 0019 on a database holding data (${engine})`, () => {
  it('back-fills validity from the purchase (or creation) date + 12 months and moves postponed manifests', async () => {
    const database = await createTestDatabase('0018_registration_requests');
    try {
      const { db } = database;
      const leap = await newBooking(db, { booked_at: '2028-02-29' });
      const undated = await newBooking(db, { booked_at: null, created_at: '2026-05-10T08:00:00.000Z' });
      const postponed = await newFlight(db, { flight_status_id: 3 });
      const planned = await newFlight(db, { flight_status_id: 1 });
      const p1 = await newPassenger(db, leap);
      const p2 = await newPassenger(db, undated);
      await register(db, postponed, [p1, p2]);
      await register(db, planned, [p1]);
      await migrateToLatest(db, database.dialect);

      const rows = await db.selectFrom('bookings').select(['id', 'validity_date']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: leap, validity_date: '2029-02-28' },
        { id: undated, validity_date: '2027-05-10' },
      ]);
      // A flight postponed before the migration frees its passengers and keeps them as its history.
      const registrations = await db.selectFrom('registrations').select(['flight_id', 'passenger_id']).execute();
      expect(registrations).toEqual([{ flight_id: planned, passenger_id: p1 }]);
      const manifest = await db
        .selectFrom('flight_postponements')
        .select(['flight_id', 'passenger_id', 'booking_id', 'full_name'])
        .orderBy('passenger_id')
        .execute();
      expect(manifest).toEqual([
        { flight_id: postponed, passenger_id: p1, booking_id: leap, full_name: 'Jean Dupont' },
        { flight_id: postponed, passenger_id: p2, booking_id: undated, full_name: 'Jean Dupont' },
      ]);
    } finally {
      await database.destroy();
    }
  });
});
