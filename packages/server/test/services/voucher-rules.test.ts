import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { addDays, addMonths, frenchDate } from '@app/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate.js';
import { REFUND_MESSAGES } from '../../src/services/refund.js';
import { REFUND_NOTE } from '../../src/services/voucher-rules.js';
import { CHILD_PROCESS_TEST_MS, serverRoot } from '../built-server.js';
import { createTestApp, createTestDatabase, engine, signIn, type TestApp } from '../helpers.js';
import { readPdf } from '../pdf/pdf-text.js';
import { newBalloon, newBooking, newPassenger, register } from './builders.js';

// Issue 29 points 1 to 3: each booking counts its weather postponements (one per flight), the operator's rules
// extend the validity in writing (extension, note, 'Prolongation de validité' mail) or raise 'Remboursement à
// proposer', never twice (replay, undo and redo, two processes), the refund recorded, and the attestation.

describe(`vouchers through the weather on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ shared: true });
    ({ headers } = await signIn(t, 'operator'));
    ({ headers: admin } = await signIn(t, 'admin'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, extra = headers) =>
    t.app.inject({ method, url, headers: extra, ...(payload === undefined ? {} : { payload: payload as object }) });
  const db = () => t.database.db;

  const DEFAULTS = {
    validity_rule_near_expiry_enabled: 1,
    validity_rule_near_expiry_days: 60,
    validity_rule_near_expiry_months: 4,
    validity_rule_attempts_enabled: 1,
    validity_rule_attempts_count: 4,
    validity_rule_attempts_months: 6,
    validity_rule_refund_enabled: 1,
    validity_rule_refund_count: 7,
  };
  beforeEach(async () => {
    expect((await call('PUT', '/api/settings', { settings: DEFAULTS }, admin)).statusCode).toBe(200);
  });

  let day = 0;
  /** A planned flight on its own day of 2031, with a balloon. */
  async function newFlight() {
    day += 1;
    const date = addDays('2031-03-01', day);
    const balloon = await newBalloon(db(), { passengers: 8 });
    const id = (
      await db()
        .insertInto('flights')
        .values({ scheduled_date: date, scheduled_time: '07:00:00', flight_status_id: 1, balloon_id: balloon })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    return { id, date };
  }
  /** An open booking with `passengers` passengers (the referent with an address unless told). */
  async function voucher(validity: string, { passengers = 1, email = 'client@example.test' as string | null } = {}) {
    const id = await newBooking(db(), { booking_status_id: 2, validity_date: validity, total_amount: 300 });
    const ids: number[] = [];
    for (let i = 0; i < passengers; i++) {
      ids.push(await newPassenger(db(), id, { is_referent: i === 0 ? 1 : 0, email: i === 0 ? email : null }));
    }
    return { id, passengers: ids };
  }
  const postpone = (flightId: number) => call('POST', `/api/flights/${flightId}/postpone`, { send_mail: 0 });
  const undo = (flightId: number) => call('PUT', `/api/flights/${flightId}`, { flight_status_id: 1 });
  const booking = (id: number) =>
    db()
      .selectFrom('bookings')
      .select(['validity_date', 'weather_postponements', 'refund_to_offer', 'booking_status_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const extensions = (bookingId: number) =>
    db()
      .selectFrom('booking_validity_extensions')
      .select(['months', 'reason', 'rule', 'flight_id', 'user_id', 'previous_validity_date', 'validity_date'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute();
  const mails = (bookingId: number) =>
    db()
      .selectFrom('outbox_mails')
      .select(['id', 'status', 'subject', 'html', 'recipient'])
      .where('booking_id', '=', bookingId)
      .where('template_slug', '=', 'validity-extended')
      .orderBy('id')
      .execute();
  /** Registers the booking's passengers on a new flight and postpones it. */
  async function postponeOnce(v: { id: number; passengers: number[] }) {
    const flight = await newFlight();
    await register(db(), flight.id, v.passengers);
    const res = await postpone(flight.id);
    expect(res.statusCode, res.body).toBe(200);
    return flight;
  }

  it('counts one postponement per flight, not per passenger, and the undo takes it back', async () => {
    const a = await voucher('2035-01-01', { passengers: 3 });
    const b = await voucher('2035-01-01');
    const flight = await newFlight();
    await register(db(), flight.id, [...a.passengers, ...b.passengers]);
    expect((await postpone(flight.id)).statusCode).toBe(200);
    expect((await booking(a.id)).weather_postponements).toBe(1);
    expect((await booking(b.id)).weather_postponements).toBe(1);
    await postponeOnce(a);
    expect((await booking(a.id)).weather_postponements).toBe(2);

    // The booking's read, the lists' filter and order.
    const read = await call('GET', `/api/bookings/${a.id}`);
    expect(read.json().weather_postponements).toBe(2);
    const list = await call(
      'GET',
      `/api/bookings?filters=${encodeURIComponent(`weather_postponements|>=|2,id|in|${a.id};${b.id}`)}&order=weather_postponements|DESC&page=1`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([a.id]);

    expect((await undo(flight.id)).statusCode).toBe(200);
    expect((await booking(a.id)).weather_postponements).toBe(1);
    expect((await booking(b.id)).weather_postponements).toBe(0);
    // Not writable through the booking's own update.
    const write = await call('PUT', `/api/bookings/${a.id}`, { weather_postponements: 9 });
    expect(write.statusCode).toBe(422);
  });

  it('near expiry: a validity ending N days after the flight is extended by M months, N + 1 days is not', async () => {
    const flight = await newFlight();
    const atN = await voucher(addDays(flight.date, 60));
    const afterN = await voucher(addDays(flight.date, 61));
    // Ended long before the flight: still past once extended, left to staff.
    const lapsed = await voucher(addMonths(flight.date, -5));
    await register(db(), flight.id, [...atN.passengers, ...afterN.passengers, ...lapsed.passengers]);
    const res = await postpone(flight.id);
    expect(res.json()).toMatchObject({ extended: 1 });

    const reason = `Report météo du ${frenchDate(flight.date)} (règle échéance proche)`;
    const until = addMonths(addDays(flight.date, 60), 4);
    expect(await extensions(atN.id)).toEqual([
      {
        months: 4,
        reason,
        rule: 'near_expiry',
        flight_id: flight.id,
        user_id: null,
        previous_validity_date: addDays(flight.date, 60),
        validity_date: until,
      },
    ]);
    expect((await booking(atN.id)).validity_date).toBe(until);
    expect(await extensions(afterN.id)).toEqual([]);
    expect((await booking(afterN.id)).validity_date).toBe(addDays(flight.date, 61));
    expect(await extensions(lapsed.id)).toEqual([]);

    // The mail, queued once with the new date and the reason; the history of the booking page reads it.
    const queued = await mails(atN.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'pending', recipient: 'client@example.test' });
    expect(queued[0]!.html).toContain(frenchDate(until));
    expect(queued[0]!.html).toContain(reason);
    const history = await call(
      'GET',
      `/api/booking-validity-extensions?filters=${encodeURIComponent(`booking_id|=|${atN.id}`)}&page=1`,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data).toMatchObject([{ user_name: 'Automatique', mail_status: 'pending', reason }]);
    // A note on the booking, as 'Prolonger' writes.
    const notes = await db().selectFrom('booking_notes').select('content').where('booking_id', '=', atN.id).execute();
    expect(notes.some((n) => n.content.includes(`jusqu'au ${frenchDate(until)}`))).toBe(true);
  });

  it('near expiry follows its settings: switched off, or N changed', async () => {
    await call('PUT', '/api/settings/validity_rule_near_expiry_enabled', { value: 0 }, admin);
    const flight = await newFlight();
    const v = await voucher(addDays(flight.date, 10));
    await register(db(), flight.id, v.passengers);
    await postpone(flight.id);
    expect(await extensions(v.id)).toEqual([]);

    await call(
      'PUT',
      '/api/settings',
      {
        settings: {
          validity_rule_near_expiry_enabled: 1,
          validity_rule_near_expiry_days: 11,
          validity_rule_near_expiry_months: 2,
        },
      },
      admin,
    );
    const next = await voucher(addDays('2031-03-01', day + 1 + 11));
    const second = await postponeOnce(next);
    expect((await extensions(next.id)).map((e) => [e.months, e.rule, e.flight_id])).toEqual([
      [2, 'near_expiry', second.id],
    ]);
  });

  it('attempts: the K-th postponement extends by M months, once', async () => {
    const v = await voucher('2035-06-30');
    for (let i = 1; i <= 3; i++) await postponeOnce(v);
    expect(await extensions(v.id)).toEqual([]);
    const fourth = await postponeOnce(v);
    expect(await extensions(v.id)).toMatchObject([
      {
        months: 6,
        rule: 'attempts',
        flight_id: fourth.id,
        reason: `Report météo du ${frenchDate(fourth.date)} (règle des 4 reports)`,
        validity_date: '2035-12-30',
      },
    ]);
    await postponeOnce(v);
    expect(await extensions(v.id)).toHaveLength(1);
    expect(await mails(v.id)).toHaveLength(1);
    expect((await booking(v.id)).weather_postponements).toBe(5);
  });

  it("refund: at R postponements 'Remboursement à proposer', on the booking and the dashboard; the undo drops it", async () => {
    await call(
      'PUT',
      '/api/settings',
      { settings: { validity_rule_refund_count: 2, validity_rule_attempts_enabled: 0 } },
      admin,
    );
    const v = await voucher('2035-06-30');
    await postponeOnce(v);
    expect((await booking(v.id)).refund_to_offer).toBe(0);
    const second = await postponeOnce(v);
    expect((await booking(v.id)).refund_to_offer).toBe(1);
    const notes = await db().selectFrom('booking_notes').select('content').where('booking_id', '=', v.id).execute();
    expect(notes.map((n) => n.content)).toContain(REFUND_NOTE(2));
    const dashboard = async () =>
      ((await call('GET', '/api/dashboard')).json().attention as { key: string; count: number; label: string }[]).find(
        (a) => a.key === 'refund_to_offer',
      );
    expect(await dashboard()).toMatchObject({ label: 'Remboursement à proposer' });
    const before = (await dashboard())!.count;
    expect(before).toBeGreaterThanOrEqual(1);
    const filtered = await call(
      'GET',
      `/api/bookings?filters=${encodeURIComponent(`refund_to_offer|=|1,id|=|${v.id}`)}&page=1`,
    );
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().count).toBe(1);

    expect((await undo(second.id)).statusCode).toBe(200);
    expect(await booking(v.id)).toMatchObject({ refund_to_offer: 0, weather_postponements: 1 });
    expect((await dashboard())!.count).toBe(before - 1);
  });

  it('a replayed postponement is refused and extends nothing twice; the mail is queued once', async () => {
    const flight = await newFlight();
    const v = await voucher(addDays(flight.date, 5));
    await register(db(), flight.id, v.passengers);
    const [first, second] = await Promise.all([postpone(flight.id), postpone(flight.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await postpone(flight.id)).toMatchObject({ statusCode: 409 });
    expect(await extensions(v.id)).toHaveLength(1);
    expect(await mails(v.id)).toHaveLength(1);
    expect((await booking(v.id)).weather_postponements).toBe(1);
  });

  it('undo takes the unsent extension back and withdraws its mail; the redo writes it once again', async () => {
    const flight = await newFlight();
    const validity = addDays(flight.date, 30);
    const v = await voucher(validity);
    await register(db(), flight.id, v.passengers);
    await postpone(flight.id);
    expect(await extensions(v.id)).toHaveLength(1);
    expect((await undo(flight.id)).statusCode).toBe(200);
    expect(await extensions(v.id)).toEqual([]);
    expect((await booking(v.id)).validity_date).toBe(validity);
    expect((await mails(v.id)).map((m) => m.status)).toEqual(['failed']);

    expect((await postpone(flight.id)).statusCode).toBe(200);
    expect(await extensions(v.id)).toHaveLength(1);
    expect((await mails(v.id)).map((m) => m.status)).toEqual(['failed', 'pending']);
    expect((await booking(v.id)).validity_date).toBe(addMonths(validity, 4));
  });

  it('an extension whose mail left stays through the undo, and the redo does not extend again', async () => {
    const flight = await newFlight();
    const validity = addDays(flight.date, 30);
    const v = await voucher(validity);
    await register(db(), flight.id, v.passengers);
    await postpone(flight.id);
    const [mail] = await mails(v.id);
    await db()
      .updateTable('outbox_mails')
      .set({ status: 'sent', sent_at: new Date().toISOString() })
      .where('id', '=', mail!.id)
      .execute();
    expect((await undo(flight.id)).statusCode).toBe(200);
    expect(await extensions(v.id)).toHaveLength(1);
    expect((await booking(v.id)).validity_date).toBe(addMonths(validity, 4));
    expect((await postpone(flight.id)).statusCode).toBe(200);
    expect(await extensions(v.id)).toHaveLength(1);
    expect(await mails(v.id)).toHaveLength(1);
    const history = await call(
      'GET',
      `/api/booking-validity-extensions?filters=${encodeURIComponent(`booking_id|=|${v.id}`)}&page=1`,
    );
    expect(history.json().data[0]).toMatchObject({ mail_status: 'sent' });
  });

  it('a booking without an address is extended all the same, with no mail', async () => {
    const flight = await newFlight();
    const v = await voucher(addDays(flight.date, 1), { email: null });
    await register(db(), flight.id, v.passengers);
    await postpone(flight.id);
    expect(await extensions(v.id)).toHaveLength(1);
    expect(await mails(v.id)).toEqual([]);
  });

  it(
    'two server processes postponing the same flight at once: one extension, one mail',
    async () => {
      const flight = await newFlight();
      const v = await voucher(addDays(flight.date, 5));
      await register(db(), flight.id, v.passengers);
      const startAt = Date.now() + 3000;
      const run = () =>
        promisify(execFile)(process.execPath, ['test/services/postpone-process.mjs'], {
          cwd: serverRoot,
          env: {
            ...process.env,
            DATABASE_URL: t.database.url,
            FLIGHT_ID: String(flight.id),
            START_AT: String(startAt),
          },
          timeout: CHILD_PROCESS_TEST_MS,
          killSignal: 'SIGKILL',
        });
      const runs = (await Promise.all([run(), run()])).map((r) => JSON.parse(r.stdout) as { ok: boolean });
      expect(runs.filter((r) => r.ok)).toHaveLength(1);
      expect(await extensions(v.id)).toHaveLength(1);
      expect(await mails(v.id)).toHaveLength(1);
      expect((await booking(v.id)).weather_postponements).toBe(1);
    },
    CHILD_PROCESS_TEST_MS,
  );

  it('offers {{booking.weather_postponements}} to the booking mails', async () => {
    const v = await voucher('2035-01-01');
    await postponeOnce(v);
    await postponeOnce(v);
    await db()
      .updateTable('email_templates')
      .set({ body: '<p>Reports : {{booking.weather_postponements}}</p>' })
      .where('slug', '=', 'booking-confirmation')
      .execute();
    const sent = await call('POST', `/api/bookings/${v.id}/emails`, { template: 'booking-confirmation' });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const mail = await db()
      .selectFrom('outbox_mails')
      .select('html')
      .where('booking_id', '=', v.id)
      .where('template_slug', '=', 'booking-confirmation')
      .executeTakeFirstOrThrow();
    expect(mail.html).toContain('Reports : 2');
    const template = await db()
      .selectFrom('email_templates')
      .select('variables')
      .where('slug', '=', 'booking-confirmation')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(template.variables)).toContain('{{booking.weather_postponements}}');
  });

  it("'Rembourser' records the refund, cancels the booking and clears the flag, once", async () => {
    await call('PUT', '/api/settings', { settings: { validity_rule_refund_count: 1 } }, admin);
    const v = await voucher('2035-01-01');
    await postponeOnce(v);
    expect((await booking(v.id)).refund_to_offer).toBe(1);
    const bad = [
      [{}, 422],
      [{ refunded_on: '2031-13-01', amount: 10 }, 422],
      [{ refunded_on: '2031-04-01', amount: -1 }, 422],
      [{ refunded_on: '2031-04-01', amount: 0 }, 422],
      [{ refunded_on: '2031-04-01', amount: 10.005 }, 422],
      [{ refunded_on: '2031-04-01', amount: 1e308 }, 422],
      [{ refunded_on: '2031-04-01', amount: '10' }, 422],
      [{ refunded_on: '2031-04-01', amount: 10, extra: 1 }, 422],
      [{ refunded_on: '2031-04-01', amount: 301 }, 422],
    ] as const;
    for (const [payload, code] of bad) {
      const res = await call('POST', `/api/bookings/${v.id}/refund`, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(code);
    }
    expect(
      (await call('POST', '/api/bookings/999999/refund', { refunded_on: '2031-04-01', amount: 1 })).statusCode,
    ).toBe(404);
    const ok = await call('POST', `/api/bookings/${v.id}/refund`, { refunded_on: '2031-04-01', amount: 250.5 });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await db()
      .selectFrom('bookings')
      .select(['refunded_on', 'refunded_amount', 'refund_to_offer', 'booking_status_id'])
      .where('id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect({ ...row, refunded_amount: Number(row.refunded_amount) }).toEqual({
      refunded_on: '2031-04-01',
      refunded_amount: 250.5,
      refund_to_offer: 0,
      booking_status_id: 4,
    });
    const again = await call('POST', `/api/bookings/${v.id}/refund`, { refunded_on: '2031-04-02', amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REFUND_MESSAGES.already);
    const completed = await newBooking(db(), { booking_status_id: 3 });
    const refused = await call('POST', `/api/bookings/${completed}/refund`, { refunded_on: '2031-04-02', amount: 1 });
    expect(refused.statusCode).toBe(409);
    expect(
      (await call('POST', `/api/bookings/${v.id}/refund`, { refunded_on: '2031-04-02', amount: 1 }, {})).statusCode,
    ).toBeGreaterThanOrEqual(401);
  });

  it("'Prolonger' mails the customer its written copy when asked, and says so in the history", async () => {
    const v = await voucher('2034-01-31');
    const res = await call('POST', `/api/bookings/${v.id}/extend-validity`, {
      months: 1,
      reason: 'Client malade',
      send_mail: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mail_queued: true, validity_date: '2034-02-28' });
    const queued = await mails(v.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.html).toContain('28/02/2034');
    expect(queued[0]!.html).toContain('Client malade');
    const silent = await call('POST', `/api/bookings/${v.id}/extend-validity`, { months: 1, reason: 'Sans mail' });
    expect(silent.json()).toMatchObject({ mail_queued: false });
    expect(await mails(v.id)).toHaveLength(1);
    const history = await call(
      'GET',
      `/api/booking-validity-extensions?filters=${encodeURIComponent(`booking_id|=|${v.id}`)}&order=id|ASC&page=1`,
    );
    expect(history.json().data.map((e: { mail_status: string | null }) => e.mail_status)).toEqual(['pending', null]);
    const bad = await call('POST', `/api/bookings/${v.id}/extend-validity`, { months: 1, reason: 'x', send_mail: 2 });
    expect(bad.statusCode).toBe(422);
  });

  it("the 'Attestation de validité' lists every extension with its reason and author", async () => {
    const flight = await newFlight();
    const v = await voucher(addDays(flight.date, 20));
    await db()
      .insertInto('settings')
      .values({ key: 'company_name', value: 'Ballons de Bourgogne' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'Ballons de Bourgogne' }))
      .execute();
    expect(
      (await call('POST', `/api/bookings/${v.id}/extend-validity`, { months: 1, reason: 'Geste commercial' }))
        .statusCode,
    ).toBe(201);
    await register(db(), flight.id, v.passengers);
    await postpone(flight.id);
    const res = await call('GET', `/api/bookings/${v.id}/validity.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(res.rawPayload);
    const number = (await db().selectFrom('bookings').select('number').where('id', '=', v.id).executeTakeFirstOrThrow())
      .number;
    expect(text).toContain('Attestation de validité');
    expect(text).toContain('Ballons de Bourgogne');
    expect(text).toContain(number);
    expect(text).toContain('Geste commercial');
    expect(text).toContain(`Report météo du ${frenchDate(flight.date)} (règle échéance proche)`);
    expect(text).toContain('Automatique');
    const until = (await booking(v.id)).validity_date!;
    expect(text).toContain(`${frenchDate(until)} inclus`);
    expect((await call('GET', '/api/bookings/999999/validity.pdf')).statusCode).toBe(404);
    expect((await call('GET', `/api/bookings/${v.id}/validity.pdf`, undefined, {})).statusCode).toBe(401);
  });

  it('validates the eight settings (administrators)', async () => {
    const get = await call('GET', '/api/settings/validity_rule_attempts_count');
    expect(get.json()).toEqual({ key: 'validity_rule_attempts_count', value: '4' });
    for (const [key, value] of [
      ['validity_rule_near_expiry_days', 0],
      ['validity_rule_near_expiry_days', 366],
      ['validity_rule_near_expiry_days', 1.5],
      ['validity_rule_near_expiry_months', 121],
      ['validity_rule_attempts_count', 'abc'],
      ['validity_rule_refund_count', 101],
      ['validity_rule_refund_enabled', 2],
    ] as const) {
      const res = await call('PUT', `/api/settings/${key}`, { value }, admin);
      expect(res.statusCode, `${key} ${value}`).toBe(422);
    }
    expect((await call('PUT', '/api/settings/validity_rule_refund_count', { value: 9 }, headers)).statusCode).toBe(403);
    expect((await call('PUT', '/api/settings/validity_rule_near_expiry_days', { value: 365 }, admin)).statusCode).toBe(
      200,
    );
  });
});

describe(`migration 0029 on a database holding data (${engine})`, () => {
  it('counts the weather postponements already kept, one per flight, and seeds the mail template', async () => {
    const database = await createTestDatabase('0028_prestation_shop_sku');
    try {
      const { db } = database;
      const twice = await newBooking(db);
      const never = await newBooking(db);
      const p1 = await newPassenger(db, twice);
      const p2 = await newPassenger(db, twice);
      const flights: number[] = [];
      for (const date of ['2026-05-01', '2026-05-02']) {
        flights.push(
          (
            await db
              .insertInto('flights')
              .values({ scheduled_date: date, scheduled_time: '07:00:00', flight_status_id: 3 })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      // Two passengers on the first flight, one on the second: two postponements, not three.
      for (const [flight, passenger] of [
        [flights[0]!, p1],
        [flights[0]!, p2],
        [flights[1]!, p1],
      ] as const) {
        await db
          .insertInto('flight_postponements')
          .values({ flight_id: flight, passenger_id: passenger, booking_id: twice, removed_requested_date: 0 })
          .execute();
      }
      await migrateToLatest(db, database.dialect);
      const rows = await db.selectFrom('bookings').select(['id', 'weather_postponements']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: twice, weather_postponements: 2 },
        { id: never, weather_postponements: 0 },
      ]);
      const template = await db
        .selectFrom('email_templates')
        .select(['label', 'variables'])
        .where('slug', '=', 'validity-extended')
        .executeTakeFirstOrThrow();
      expect(template.label).toBe('Prolongation de validité');
      expect(JSON.parse(template.variables)).toEqual(
        expect.arrayContaining(['{{validity.date}}', '{{validity.reason}}', '{{booking.weather_postponements}}']),
      );
    } finally {
      await database.destroy();
    }
  });
});
