import type { VoucherReport } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchersReport } from '../../src/services/vouchers-report.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBooking, newFlight, newPassenger, register } from './builders.js';

// GET /api/reports/vouchers (issue 29 point 4) on a hand-built dataset: each booking sits on one boundary of the
// report at AT (bought on AT or the day after, expired on AT or the day after, flown on AT or the day after,
// canceled on AT or the day after, completed by hand...), amounts chosen to drift if summed as floats (0.10 + 0.20,
// 123.45...). Every figure below is worked out by hand from the comments.

const AT = '2026-03-10';

describe(`vouchers report on ${engine}`, () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const ids: Record<string, number> = {};
  const origin: Record<string, number> = {};
  const provider: Record<string, number> = {};

  const get = (query: string, headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/reports/vouchers${query}`, headers });
  const report = async (at: string) => (await vouchersReport(t.database.db, t.database.dialect, at)) as VoucherReport;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: admin } = await signIn(t, 'admin'));
    const { db } = t.database;
    for (const [key, label] of [
      ['web', 'Site internet'],
      ['phone', 'Téléphone'],
    ] as const) {
      origin[key] = (
        await db.insertInto('booking_origins').values({ label }).returning('id').executeTakeFirstOrThrow()
      ).id;
    }
    for (const [key, label] of [
      ['ce', 'Comité d’entreprise'],
      ['office', 'Office de tourisme'],
    ] as const) {
      provider[key] = (
        await db.insertInto('business_providers').values({ label }).returning('id').executeTakeFirstOrThrow()
      ).id;
    }
    const realizedMarch11 = await newFlight(db, { scheduled_date: '2026-03-11', flight_status_id: 2 });
    const realizedMarch10 = await newFlight(db, { scheduled_date: AT, flight_status_id: 2 });
    const realizedFeb14 = await newFlight(db, { scheduled_date: '2026-02-14', flight_status_id: 2 });
    const realizedDec1 = await newFlight(db, { scheduled_date: '2025-12-01', flight_status_id: 2 });
    const postponedMarch20 = await newFlight(db, { scheduled_date: '2026-03-20', flight_status_id: 3 });
    const plannedApril = await newFlight(db, { scheduled_date: '2026-04-10', flight_status_id: 1 });

    // A: pending, validity ends on AT (still valid that day: outstanding, expiring in March).
    ids.a = await newBooking(db, {
      booking_status_id: 1,
      booked_at: '2026-01-05',
      passengers_number: 2,
      total_amount: 123.45,
      paid_amount: 100.1,
      booking_origin_id: origin.web,
      business_provider_id: provider.ce,
      validity_date: AT,
    });
    // B: in progress, validity in the last month listed (February next year).
    ids.b = await newBooking(db, {
      booking_status_id: 2,
      booked_at: '2025-12-31',
      passengers_number: 3,
      total_amount: 0.2,
      paid_amount: 0,
      booking_origin_id: origin.web,
      validity_date: '2027-02-28',
    });
    // C: bought on AT (included), validity the month after the last listed.
    ids.c = await newBooking(db, {
      booking_status_id: 1,
      booked_at: AT,
      passengers_number: 1,
      total_amount: 0.1,
      paid_amount: 0.1,
      business_provider_id: provider.office,
      validity_date: '2027-03-01',
    });
    // D: bought the day after AT: nowhere at AT.
    ids.d = await newBooking(db, { booking_status_id: 1, booked_at: '2026-03-11', total_amount: 500 });
    // E: last valid day the day before AT, turned 'Périmée' on AT: expired in March, not outstanding.
    ids.e = await newBooking(db, {
      booking_status_id: 5,
      booked_at: '2025-03-09',
      passengers_number: 1,
      total_amount: 45.67,
      booking_origin_id: origin.phone,
      validity_date: '2026-03-09',
    });
    // F: expired since, but its last valid day is AT: outstanding at AT, expiring in March.
    ids.f = await newBooking(db, {
      booking_status_id: 5,
      booked_at: '2025-03-10',
      passengers_number: 1,
      total_amount: 19.99,
      paid_amount: 0,
      booking_origin_id: origin.phone,
      business_provider_id: provider.ce,
      validity_date: AT,
    });
    // G: completed, flown the day after AT: outstanding at AT; bought on the first day of the months listed.
    ids.g = await newBooking(db, {
      booking_status_id: 3,
      booked_at: '2025-04-01',
      passengers_number: 2,
      total_amount: 250,
      paid_amount: 250,
      booking_origin_id: origin.web,
      business_provider_id: provider.ce,
      validity_date: '2026-09-30',
    });
    await register(db, realizedMarch11, [await newPassenger(db, ids.g), await newPassenger(db, ids.g)]);
    // H: completed, its passengers flew on 1 December and 14 February (flown in February), one also postponed
    // after AT (not a realization); bought the day before the months listed.
    ids.h = await newBooking(db, {
      booking_status_id: 3,
      booked_at: '2025-03-31',
      passengers_number: 2,
      total_amount: 333.33,
      validity_date: '2026-03-31',
    });
    const h1 = await newPassenger(db, ids.h);
    await register(db, realizedDec1, [h1]);
    await register(db, realizedFeb14, [await newPassenger(db, ids.h)]);
    await register(db, postponedMarch20, [h1]);
    // I: completed by hand on 20 January (no realized flight, only a planned one): no flight day, so neither flown
    // nor outstanding.
    ids.i = await newBooking(db, {
      booking_status_id: 3,
      booked_at: '2025-11-11',
      total_amount: 80.05,
      updated_at: '2026-01-20T10:00:00.000Z',
    });
    await register(db, plannedApril, [await newPassenger(db, ids.i)]);
    // J: canceled the day after AT: outstanding at AT, not sold (a canceled booking is no sale).
    ids.j = await newBooking(db, {
      booking_status_id: 4,
      booked_at: '2026-02-01',
      passengers_number: 2,
      total_amount: 60,
      paid_amount: 30,
      booking_origin_id: origin.phone,
      validity_date: '2026-05-01',
      updated_at: '2026-03-11T08:00:00.000Z',
    });
    // K: canceled on AT: not outstanding at AT.
    ids.k = await newBooking(db, {
      booking_status_id: 4,
      booked_at: '2026-03-05',
      total_amount: 70,
      updated_at: '2026-03-10T12:00:00.000Z',
    });
    // L: no purchase date: bought on its creation day; no validity date.
    ids.l = await newBooking(db, {
      booking_status_id: 1,
      booked_at: null,
      passengers_number: 1,
      total_amount: 10.01,
      validity_date: null,
      created_at: '2026-02-02T09:00:00.000Z',
    });
    // M: expired without a validity date, on its last change (June last year).
    ids.m = await newBooking(db, {
      booking_status_id: 5,
      booked_at: '2024-01-01',
      total_amount: 15.5,
      validity_date: null,
      updated_at: '2025-06-15T10:00:00.000Z',
    });
    // N: completed, flown on AT: flown in March, not outstanding.
    ids.n = await newBooking(db, { booking_status_id: 3, booked_at: '2026-03-01', total_amount: 99.99 });
    await register(db, realizedMarch10, [await newPassenger(db, ids.n)]);
    // P: refunded on 20 February (33.33 of 40), its last change after AT: the refund day closes it; sold in
    // February all the same (refunded, not a mistake).
    ids.p = await newBooking(db, {
      booking_status_id: 4,
      booked_at: '2026-02-10',
      total_amount: 40,
      refunded_on: '2026-02-20',
      refunded_amount: 33.33,
      updated_at: '2026-03-12T09:00:00.000Z',
    });
    // Q: refunded on AT: not outstanding at AT (though changed since), outstanding the day before.
    ids.q = await newBooking(db, {
      booking_status_id: 4,
      booked_at: '2025-12-15',
      passengers_number: 1,
      total_amount: 0.07,
      refunded_on: AT,
      refunded_amount: 0.07,
    });
    // O: in progress, no amount.
    ids.o = await newBooking(db, {
      booking_status_id: 2,
      booked_at: '2025-04-30',
      passengers_number: 4,
      total_amount: null,
      paid_amount: null,
      booking_origin_id: origin.phone,
      validity_date: '2026-04-15',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('sums the outstanding vouchers at AT to the cent, by origin and business provider', async () => {
    const answer = await get(`?at=${AT}`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json() as VoucherReport;
    expect(body.at).toBe(AT);
    // A, B, C, F, G, J, L, O.
    expect(body.outstanding).toEqual({
      count: 8,
      passengers: 16,
      total_amount: 463.75,
      paid_amount: 380.2,
      by_origin: [
        { id: origin.web, label: 'Site internet', count: 3, total_amount: 373.65 },
        { id: origin.phone, label: 'Téléphone', count: 3, total_amount: 79.99 },
        { id: null, label: 'Origine non renseignée', count: 2, total_amount: 10.11 },
      ],
      by_business_provider: [
        { id: provider.ce, label: 'Comité d’entreprise', count: 3, total_amount: 393.44 },
        { id: null, label: 'Sans apporteur', count: 4, total_amount: 70.21 },
        { id: provider.office, label: 'Office de tourisme', count: 1, total_amount: 0.1 },
      ],
    });
  });

  it('lists what expires in the month of AT and the 11 after it', async () => {
    const body = await report(AT);
    const zero = (month: string) => ({ month, count: 0, total_amount: 0 });
    expect(body.expiring).toEqual([
      { month: '2026-03', count: 2, total_amount: 143.44 },
      { month: '2026-04', count: 1, total_amount: 0 },
      { month: '2026-05', count: 1, total_amount: 60 },
      zero('2026-06'),
      zero('2026-07'),
      zero('2026-08'),
      { month: '2026-09', count: 1, total_amount: 250 },
      zero('2026-10'),
      zero('2026-11'),
      zero('2026-12'),
      zero('2027-01'),
      { month: '2027-02', count: 1, total_amount: 0.2 },
    ]);
  });

  it('gives the sold, flown, expired and refunded amounts of the month of AT and the 11 before it', async () => {
    const body = await report(AT);
    const month = (m: string, sold = 0, flown = 0, expired = 0, refunded = 0) => ({
      month: m,
      sold_amount: sold,
      flown_amount: flown,
      expired_amount: expired,
      refunded_amount: refunded,
    });
    expect(body.months).toEqual([
      month('2025-04', 250),
      month('2025-05'),
      month('2025-06', 0, 0, 15.5),
      month('2025-07'),
      month('2025-08'),
      month('2025-09'),
      month('2025-10'),
      month('2025-11', 80.05),
      month('2025-12', 0.27),
      month('2026-01', 123.45),
      month('2026-02', 50.01, 333.33, 0, 33.33),
      month('2026-03', 100.09, 99.99, 45.67, 0.07),
    ]);
  });

  it('moves every boundary with AT: the day before, bookings closed on AT are still outstanding', async () => {
    const body = await report('2026-03-09');
    // C (bought on AT) leaves; E (valid until 9 March), K (canceled on AT), N (flown on AT) and Q (refunded on AT)
    // come in.
    expect(body.outstanding.count).toBe(11);
    expect(body.outstanding.total_amount).toBe(679.38);
    expect(body.months.at(-1)).toEqual({
      month: '2026-03',
      sold_amount: 99.99,
      flown_amount: 0,
      expired_amount: 0,
      refunded_amount: 0,
    });
    expect(body.months[0]?.month).toBe('2025-04');
    // The day after: everything closed by then is gone (G flown, J canceled, F expired), D is bought.
    const after = await report('2026-03-11');
    // A, B, C, D, L, O.
    expect(after.outstanding.count).toBe(6);
    expect(after.outstanding.total_amount).toBe(633.76);
    expect(after.expiring[0]).toEqual({ month: '2026-03', count: 0, total_amount: 0 });
    // A new month: the window slides by one.
    const april = await report('2026-04-01');
    expect(april.months.map((m) => m.month)).toEqual([
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(april.months.at(-2)).toEqual({
      month: '2026-03',
      sold_amount: 600.09,
      flown_amount: 349.99,
      expired_amount: 65.66,
      refunded_amount: 0.07,
    });
  });

  it('follows a write at once (the kept answer is dropped)', async () => {
    expect((await report(AT)).outstanding.total_amount).toBe(463.75);
    const id = await newBooking(t.database.db, { booking_status_id: 1, booked_at: '2026-01-01', total_amount: 0.01 });
    const after = await report(AT);
    expect(after.outstanding.count).toBe(9);
    expect(after.outstanding.total_amount).toBe(463.76);
    await t.database.db.deleteFrom('bookings').where('id', '=', id).execute();
    expect((await report(AT)).outstanding.total_amount).toBe(463.75);
  });

  it('answers the CSV the page downloads', async () => {
    const answer = await get(`?at=${AT}&format=csv`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="rapport-bons-${AT}.csv"`);
    const lines = answer.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFRapport des bons au;10/03/2026');
    expect(lines).toContain('Bons en cours;Nombre;Passagers;Montant total (€);Montant payé (€)');
    expect(lines).toContain('Total;8;16;463,75;380,20');
    expect(lines).toContain('Site internet;3;373,65');
    expect(lines).toContain('Origine non renseignée;2;10,11');
    expect(lines).toContain('Sans apporteur;4;70,21');
    expect(lines).toContain('03/2026;2;143,44');
    expect(lines).toContain('Mois;Vendu (€);Volé (€);Périmé (€);Remboursé (€)');
    expect(lines).toContain('03/2026;100,09;99,99;45,67;0,07');
  });

  it('is for administrators: 401 signed out, 403 for an operator, su allowed', async () => {
    expect((await get(`?at=${AT}`, {})).statusCode).toBe(401);
    const { headers: operator } = await signIn(t, 'operator');
    const refused = await get(`?at=${AT}`, operator);
    expect(refused.statusCode).toBe(403);
    const { headers: su } = await signIn(t, 'su');
    expect((await get(`?at=${AT}`, su)).statusCode).toBe(200);
  });

  it('reads today without `at`, and refuses a malformed, future or too old date in French', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const plain = await get('');
    expect(plain.statusCode).toBe(200);
    expect(plain.json().at).toBe(today);
    for (const bad of ['?at=2026-02-30', '?at=10/03/2026', '?at=2026-3-1', `?at=${'9'.repeat(5000)}`, '?at=a&at=b']) {
      const answer = await get(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().message).toBe('Paramètre « at » : une date AAAA-MM-JJ est attendue.');
    }
    const future = await get('?at=2999-01-01');
    expect(future.statusCode).toBe(422);
    expect(future.json().errors).toEqual({ at: ['La date du rapport ne peut pas être dans le futur.'] });
    const old = await get('?at=1999-12-31');
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe('La date du rapport ne peut pas précéder le 01/01/2000.');
    expect((await get('?at=2000-01-01')).statusCode).toBe(200);
    expect((await get(`?at=${AT}&format=xml`)).statusCode).toBe(400);
  });
});
