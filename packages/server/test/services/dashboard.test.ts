import { addDays, type Dashboard } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today as operatorToday } from '../../src/core/clock.js';
import { dashboard, foldBookingMonthTotals } from '../../src/services/dashboard.js';
import { apiToken } from '../auth/support.js';
import { newPrestation } from '../builders.js';
import { createTestApp, engine, signIn, statementsDuring, type TestApp } from '../helpers.js';
import { newBalloon, newBooking, newFlight, newLocation, newPassenger, newPilot, register } from './builders.js';

// GET /api/dashboard (issue 12 point 1) on a hand-built dataset around today: every figure is known by
// construction, and each 'to do' link opens a bookings (or flights) list holding exactly the counted rows.

describe(`dashboard on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const today = operatorToday();
  const day = (n: number) => addDays(today, n);
  const season = Number(today.slice(0, 4));
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
    const { db } = t.database;
    const balloon = await newBalloon(db, { label: 'F-HDSH', passengers: 4 });
    const pilot = await newPilot(db);
    const location = await newLocation(db);
    ids.today = await newFlight(db, {
      scheduled_date: day(0),
      scheduled_time: '07:00:00',
      balloon_id: balloon,
      pilot_id: pilot,
      location_id: location,
    });
    ids.inThree = await newFlight(db, { scheduled_date: day(3), scheduled_time: '18:30:00' });
    ids.inEight = await newFlight(db, { scheduled_date: day(8), scheduled_time: '07:00:00' });
    ids.inTen = await newFlight(db, { scheduled_date: day(10), scheduled_time: '07:00:00' });
    ids.past = await newFlight(db, { scheduled_date: `${season - 1}-12-31`, flight_status_id: 2 });
    ids.canceledSoon = await newFlight(db, { scheduled_date: day(2), flight_status_id: 4 });

    const jan = `${season}-01-15`;
    // A: in progress, complete, on today's flight, pre-flight information not sent.
    ids.a = await newBooking(db, { booking_status_id: 2, passengers_number: 2, booked_at: jan });
    await register(db, ids.today, [await newPassenger(db, ids.a), await newPassenger(db, ids.a)]);
    // B: in progress, one passenger missing, on the flight in three days, information sent.
    ids.b = await newBooking(db, {
      booking_status_id: 2,
      passengers_number: 3,
      has_pre_flight_infos: 1,
      booked_at: jan,
    });
    await register(db, ids.inThree, [await newPassenger(db, ids.b), await newPassenger(db, ids.b)]);
    // C: pending, a passenger without weight, on the flight in ten days (beyond the week).
    ids.c = await newBooking(db, { booking_status_id: 1, passengers_number: 1, booked_at: jan });
    await register(db, ids.inTen, [await newPassenger(db, ids.c, { weight: null })]);
    // D: in progress, a nameless passenger on a past flight only: nothing to do.
    ids.d = await newBooking(db, { booking_status_id: 2, passengers_number: 1, booked_at: jan });
    await register(db, ids.past, [await newPassenger(db, ids.d, { last_name: '' })]);
    // E, F: pending, asking for tomorrow (E also the day after); E owes 50 and its voucher ends in 10 days.
    ids.e = await newBooking(db, {
      booking_status_id: 1,
      passengers_number: 3,
      booked_at: jan,
      total_amount: 150,
      remaining_amount: 50,
      validity_date: day(10),
    });
    ids.f = await newBooking(db, { booking_status_id: 1, passengers_number: 2, booked_at: jan });
    // G: canceled, asking for tomorrow, owing 100: neither pending passengers nor due.
    ids.g = await newBooking(db, {
      booking_status_id: 4,
      passengers_number: 4,
      booked_at: jan,
      total_amount: 100,
      remaining_amount: 100,
    });
    await db
      .insertInto('requested_dates')
      .values([
        { booking_id: ids.e, date: day(1) },
        { booking_id: ids.e, date: day(2) },
        { booking_id: ids.f, date: day(1) },
        { booking_id: ids.g, date: day(1) },
        { booking_id: ids.f, date: day(9) },
      ])
      .execute();
    // H: completed, owing 20, validity in 5 days (completed vouchers never lapse).
    ids.h = await newBooking(db, {
      booking_status_id: 3,
      passengers_number: 1,
      booked_at: jan,
      total_amount: 80,
      remaining_amount: 20,
      validity_date: day(5),
    });
    // I, J: open vouchers ending in 40 days and yesterday: not 'expiring within 30 days'.
    ids.i = await newBooking(db, { booking_status_id: 2, booked_at: jan, validity_date: day(40) });
    ids.j = await newBooking(db, { booking_status_id: 1, booked_at: jan, validity_date: day(-1) });
    // Chart-only bookings: April this season and two in April of the previous one, one two seasons ago.
    await newBooking(db, {
      booking_status_id: 3,
      booked_at: `${season}-04-10`,
      total_amount: 300,
      remaining_amount: 0,
    });
    await newBooking(db, { booking_status_id: 3, booked_at: `${season - 1}-04-03` });
    await newBooking(db, { booking_status_id: 4, booked_at: `${season - 1}-04-20` });
    await newBooking(db, { booking_status_id: 3, booked_at: `${season - 2}-04-20` });
    // Flights of the season by status (planned ones are not charted).
    await newFlight(db, { scheduled_date: `${season}-02-10`, flight_status_id: 2 });
    await newFlight(db, { scheduled_date: `${season}-02-20`, flight_status_id: 2 });
    await newFlight(db, { scheduled_date: `${season}-02-21`, flight_status_id: 3 });
    await newFlight(db, { scheduled_date: `${season}-06-01`, flight_status_id: 4 });
    await newFlight(db, { scheduled_date: `${season - 1}-06-01`, flight_status_id: 2 });
    // Registration requests: two waiting on the flight in ten days, one waiting on a past flight, one refused.
    await db
      .insertInto('registration_requests')
      .values([
        { booking_id: ids.e, flight_id: ids.inTen, status: 'pending' },
        { booking_id: ids.f, flight_id: ids.inTen, status: 'pending' },
        { booking_id: ids.f, flight_id: ids.past, status: 'pending' },
        { booking_id: ids.c, flight_id: ids.inEight, status: 'refused' },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const read = async (): Promise<Dashboard> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("lists the week's flights with balloon, pilot, passengers and availability", async () => {
    const { flights } = await read();
    // The canceled flight in two days stays on the list with its status; the flights in 8 and 10 days do not.
    expect(flights.map((f) => f.id)).toEqual([ids.today, ids.canceledSoon, ids.inThree]);
    const first = flights[0]!;
    expect(first).toMatchObject({
      scheduled_date: today,
      scheduled_time: '07:00:00',
      flight_status_id: 1,
      balloon: { label: 'F-HDSH', passengers: 4 },
      pilot: { full_name: 'Amélie Lefèvre' },
      passengers_count: 2,
      availability: 2,
    });
    expect(first.location?.label).toMatch(/^Site /);
    expect(flights[2]).toMatchObject({ balloon: null, pilot: null, passengers_count: 2, availability: null });
  });

  it('gives the pending passengers of each day of the week, as the planning day counts them', async () => {
    const { pending_passengers } = await read();
    expect(pending_passengers).toHaveLength(8);
    expect(pending_passengers[0]).toEqual({ date: today, count: 0 });
    expect(pending_passengers[1]).toEqual({ date: day(1), count: 5 });
    expect(pending_passengers[2]).toEqual({ date: day(2), count: 3 });
    const planning = await t.app.inject({
      method: 'POST',
      url: '/api/planning/day',
      headers,
      payload: { day: day(1) },
    });
    expect(planning.json().pending_passengers).toBe(5);
  });

  it('counts what needs attention, by booking status', async () => {
    const { attention } = await read();
    const byKey = Object.fromEntries(attention.map((a) => [a.key, a]));
    const summary = (key: string) => ({
      count: byKey[key]!.count,
      links: byKey[key]!.links.map((l) => [l.status, l.count]),
    });
    expect(attention.map((a) => a.key)).toEqual([
      'prestation_to_specify',
      'incomplete_bookings',
      'pre_flight_infos',
      'remaining_due',
      'registration_requests',
      'weight_changes',
      'expiring_vouchers',
      'refund_to_offer',
    ]);
    expect(summary('incomplete_bookings')).toEqual({
      count: 2,
      links: [
        ['pending', 1],
        ['in-progress', 1],
      ],
    });
    expect(summary('pre_flight_infos')).toEqual({ count: 1, links: [['in-progress', 1]] });
    expect(summary('remaining_due')).toEqual({
      count: 2,
      links: [
        ['pending', 1],
        ['completed', 1],
      ],
    });
    expect(summary('registration_requests')).toEqual({ count: 2, links: [[null, 1]] });
    expect(summary('expiring_vouchers')).toEqual({ count: 1, links: [['pending', 1]] });
    expect(byKey.pre_flight_infos!.label).toBe('Informations pré-vol non envoyées (vol sous 7 jours)');
  });

  it('each link opens a list holding exactly the counted rows', async () => {
    const { attention } = await read();
    const expected: Record<string, Record<string, number[]>> = {
      incomplete_bookings: { pending: [ids.c!], 'in-progress': [ids.b!] },
      pre_flight_infos: { 'in-progress': [ids.a!] },
      remaining_due: { pending: [ids.e!], completed: [ids.h!] },
      expiring_vouchers: { pending: [ids.e!] },
      registration_requests: { flights: [ids.inTen!] },
    };
    for (const item of attention) {
      for (const link of item.links) {
        const filters = link.status ? `booking_status.slug|=|${link.status},${link.filters}` : link.filters;
        const endpoint = link.status ? '/api/bookings' : '/api/flights';
        const res = await t.app.inject({
          method: 'GET',
          url: `${endpoint}?filters=${encodeURIComponent(filters)}&order=id|ASC&page=1`,
          headers,
        });
        expect(res.statusCode, `${item.key} ${link.status}`).toBe(200);
        const page = res.json() as { data: { id: number }[]; count: number };
        expect(page.count, `${item.key} ${link.status}`).toBe(link.count);
        expect(page.data.map((r) => r.id)).toEqual(expected[item.key]![link.status ?? 'flights']);
      }
    }
  });

  it('gives the monthly figures of the season against the previous one', async () => {
    const { months, season: answered } = await read();
    expect(answered).toBe(season);
    expect(months).toHaveLength(12);
    const jan = months[0]!;
    // A to J: ten bookings in January; revenue and remaining leave the canceled G out.
    expect(jan).toMatchObject({ month: 1, bookings: 10, previous_bookings: 0, revenue: 230, remaining_due: 70 });
    expect(months[3]).toMatchObject({ month: 4, bookings: 1, previous_bookings: 2, revenue: 300, remaining_due: 0 });
    expect(months[1]).toMatchObject({ realized: 2, weather_postponed: 1, canceled: 0 });
    expect(months[5]).toMatchObject({ realized: 0, weather_postponed: 0, canceled: 1 });
    const total = (key: 'bookings' | 'previous_bookings' | 'realized') => months.reduce((s, m) => s + m[key], 0);
    expect(total('bookings')).toBe(11);
    expect(total('previous_bookings')).toBe(2);
    expect(total('realized')).toBe(2);
  });

  it('keeps the monthly figures through every kind of booking write, as a sum over the bookings finds them', async () => {
    const { db } = t.database;
    // What the figures must be: the bookings themselves, summed here by month.
    const expected = async () => {
      const rows = await db
        .selectFrom('bookings')
        .select(['booked_at', 'booking_status_id', 'total_amount', 'remaining_amount'])
        .execute();
      const months = new Map<string, { bookings: number; revenue: number; remaining: number }>();
      for (const row of rows) {
        const key = row.booked_at ? String(row.booked_at).slice(0, 7) : '';
        if (!key.startsWith(String(season)) && !key.startsWith(String(season - 1))) continue;
        const month = months.get(key) ?? { bookings: 0, revenue: 0, remaining: 0 };
        month.bookings += 1;
        if (row.booking_status_id !== 4) {
          month.revenue += Number(row.total_amount ?? 0);
          month.remaining += Number(row.remaining_amount ?? 0);
        }
        months.set(key, month);
      }
      return Array.from({ length: 12 }, (_, i) => {
        const mm = String(i + 1).padStart(2, '0');
        const now = months.get(`${season}-${mm}`);
        return {
          bookings: now?.bookings ?? 0,
          previous_bookings: months.get(`${season - 1}-${mm}`)?.bookings ?? 0,
          revenue: Math.round((now?.revenue ?? 0) * 100) / 100,
          remaining_due: Math.round((now?.remaining ?? 0) * 100) / 100,
        };
      });
    };
    const answered = async () =>
      (await read()).months.map(({ bookings, previous_bookings, revenue, remaining_due }) => ({
        bookings,
        previous_bookings,
        revenue,
        remaining_due,
      }));
    const check = async () => expect(await answered()).toEqual(await expected());
    await check();
    const feb = await newBooking(db, {
      booking_status_id: 1,
      booked_at: `${season}-02-10`,
      total_amount: 189.9,
      remaining_amount: 89.9,
    });
    await check();
    await db
      .updateTable('bookings')
      .set({ total_amount: 210.5, remaining_amount: 10.25 })
      .where('id', '=', feb)
      .execute();
    await check();
    await db.updateTable('bookings').set({ booking_status_id: 4 }).where('id', '=', feb).execute();
    await check();
    await db.updateTable('bookings').set({ booking_status_id: 2 }).where('id', '=', feb).execute();
    await check();
    // Moved to another month, and to the previous season.
    await db
      .updateTable('bookings')
      .set({ booked_at: `${season}-03-01` })
      .where('id', '=', feb)
      .execute();
    await check();
    await db
      .updateTable('bookings')
      .set({ booked_at: `${season - 1}-03-01` })
      .where('id', '=', feb)
      .execute();
    await check();
    // Without a purchase date it counts nowhere; with one again it counts once.
    await db.updateTable('bookings').set({ booked_at: null }).where('id', '=', feb).execute();
    await check();
    await db
      .updateTable('bookings')
      .set({ booked_at: `${season}-02-10` })
      .where('id', '=', feb)
      .execute();
    await check();
    // Several rows in one statement (an import, the expiry job), then a deletion.
    const more = [
      await newBooking(db, {
        booking_status_id: 1,
        booked_at: `${season}-05-02`,
        total_amount: 99,
        remaining_amount: 99,
      }),
      await newBooking(db, {
        booking_status_id: 1,
        booked_at: `${season}-06-03`,
        total_amount: 45,
        remaining_amount: 5,
      }),
    ];
    await db.updateTable('bookings').set({ remaining_amount: 0 }).where('id', 'in', more).execute();
    await check();
    await db
      .deleteFrom('bookings')
      .where('id', 'in', [feb, ...more])
      .execute();
    await check();
    // Folded into one row per month, the figures unchanged.
    const before = await answered();
    await foldBookingMonthTotals(db, t.database.dialect);
    const rows = await db.selectFrom('booking_month_totals').select(['month']).execute();
    expect(rows.length).toBe(new Set(rows.map((r) => r.month)).size);
    expect(await answered()).toEqual(before);
    // And kept after it.
    const after = await newBooking(db, { booking_status_id: 2, booked_at: `${season}-01-20`, total_amount: 80 });
    await check();
    await db.deleteFrom('bookings').where('id', '=', after).execute();
    expect(await answered()).toEqual(before);
    await check();
  });

  it('counts the open imported bookings whose prestation is to specify, and links to them (issue 27)', async () => {
    const { db } = t.database;
    const before = (await read()).attention.find((a) => a.key === 'prestation_to_specify')!;
    expect(before).toMatchObject({ label: 'Commandes importées : prestation à préciser', count: 0, links: [] });
    const prestation = await newPrestation(db);
    const shop = await newBooking(db, { booking_status_id: 1, woocommerce_order_id: 'W-9001' });
    const partner = await newBooking(db, { booking_status_id: 2 });
    await db
      .insertInto('remote_orders')
      .values({ file: 'a.json', order_id: 'Smartbox/SB-9', booking_id: partner, imported_at: new Date().toISOString() })
      .execute();
    // Not counted: a shop booking with its prestation, one canceled, a booking written by hand without prestation.
    await newBooking(db, { booking_status_id: 1, woocommerce_order_id: 'W-9002', prestation_id: prestation });
    await newBooking(db, { booking_status_id: 4, woocommerce_order_id: 'W-9003' });
    const byHand = await newBooking(db, { booking_status_id: 1 });
    const item = (await read()).attention.find((a) => a.key === 'prestation_to_specify')!;
    expect(item.count).toBe(2);
    const found: Record<string, number[]> = {};
    for (const link of item.links) {
      const filters = `booking_status.slug|=|${link.status},${link.filters}`;
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bookings?filters=${encodeURIComponent(filters)}&order=id|ASC&page=1`,
        headers,
      });
      expect(res.json().count).toBe(link.count);
      found[link.status!] = res.json().data.map((r: { id: number }) => r.id);
    }
    expect(found).toEqual({ pending: [shop], 'in-progress': [partner] });
    // Staff choose the prestation: the count follows at once.
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${shop}`,
      headers,
      payload: { prestation_id: prestation },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await read()).attention.find((a) => a.key === 'prestation_to_specify')!.count).toBe(1);
    await db.deleteFrom('remote_orders').execute();
    await db
      .deleteFrom('bookings')
      .where((eb) => eb.or([eb('woocommerce_order_id', 'like', 'W-900%'), eb('id', 'in', [partner, byHand])]))
      .execute();
  });

  it('is kept while nothing it reads is written, and follows the next write at once', async () => {
    const before = await read();
    const again = await read();
    expect(again).toEqual(before);
    const { db } = t.database;
    const owing = await newBooking(db, { booking_status_id: 2, remaining_amount: 15 });
    const after = await read();
    const due = (d: Dashboard) => d.attention.find((a) => a.key === 'remaining_due')!.count;
    expect(due(after)).toBe(due(before) + 1);
    await db.updateTable('bookings').set({ remaining_amount: 0 }).where('id', '=', owing).execute();
    expect(due(await read())).toBe(due(before));
  });

  // PostgreSQL plans a named statement anew at each call while a parameter lets its plan depend on a value: the 'to
  // do' counts' dates are read through a sub-select and their statuses written in, so that it keeps one plan.
  it.runIf(engine === 'postgres')("sends the 'to do' counts with no parameter a plan could depend on", async () => {
    const { db } = t.database;
    const written = await newBooking(db, { booking_status_id: 2 });
    const statements = await statementsDuring(db, () => read());
    const attention = statements.find((text) => text.includes("'incomplete_bookings'"));
    expect(attention).toBeDefined();
    expect(attention).toMatch(/\(select cast\(\$1 as date\)\)/);
    expect(attention?.replace(/\(select cast\(\$\d+ as date\)\)/g, '')).not.toMatch(/\$\d/);
    await db.deleteFrom('bookings').where('id', '=', written).execute();
  });

  it("keeps its week's flights through a booking's write, and reads them again after a flight's", async () => {
    const { db, dialect } = t.database;
    const before = await dashboard(db, dialect);
    const owing = await newBooking(db, { booking_status_id: 2, remaining_amount: 15 });
    const afterSale = await dashboard(db, dialect);
    expect(afterSale).not.toBe(before);
    // The flights and their flight file's warnings, kept: not read again for a booking.
    expect(afterSale.flights).toBe(before.flights);
    const flightId = ids.today as number;
    const planned = before.flights.find((f) => f.id === flightId);
    await db.updateTable('flights').set({ scheduled_time: '07:40:00' }).where('id', '=', flightId).execute();
    const afterFlight = await dashboard(db, dialect);
    expect(afterFlight.flights).not.toBe(before.flights);
    expect(afterFlight.flights.find((f) => f.id === flightId)?.scheduled_time).toBe('07:40:00');
    await db
      .updateTable('flights')
      .set({ scheduled_time: planned?.scheduled_time ?? '07:00:00' })
      .where('id', '=', flightId)
      .execute();
    await db.deleteFrom('bookings').where('id', '=', owing).execute();
  });

  it('is for signed-in staff only: no session 401, an API key refused', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await apiToken(t);
    const client = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect([401, 403]).toContain(client.statusCode);
  });
});
