import { FLIGHT_RECORD_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingPassengersByDay } from '../../src/services/planning.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { readPdf } from '../pdf/pdf-text.js';
import {
  newBalloon,
  newBooking,
  newFlight,
  newLocation,
  newPassenger,
  newPilot,
  newTeammate,
  register,
} from './builders.js';

// Issue 27: a flight set to 'Réalisé' closes what has flown (bookings completed, requested dates on or before its
// day closed, all in the history), setting it back undoes exactly that, and the flight record stays completable
// after the flight while the rest of the flight is locked.

describe(`realized flights on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const realize = (flight: number) =>
    call('PUT', `/api/flights/${flight}`, { flight_status_id: 2, takeoff_time: '07:20:00', landing_time: '08:35:00' });
  let month = 0;

  /**
   * A planned flight on day D with three bookings: A (pending, 2 booked, both registered: all fly; asked for D-3, D
   * and D+5), B (pending, 3 booked, 2 of its 3 passengers registered: partly flown; asked for D and D+10) and C
   * (canceled, its passenger registered; asked for D: a closed booking is left alone).
   */
  async function scenario() {
    const { db } = t.database;
    month += 1;
    const ym = `2031-${String(month).padStart(2, '0')}`;
    const day = `${ym}-12`;
    const flight = await newFlight(db, {
      scheduled_date: day,
      scheduled_time: '07:00:00',
      balloon_id: await newBalloon(db, { passengers: 8 }),
    });
    const a = await newBooking(db, { passengers_number: 2, booking_status_id: 1 });
    const b = await newBooking(db, { passengers_number: 3, booking_status_id: 1 });
    const c = await newBooking(db, { passengers_number: 1, booking_status_id: 4 });
    const a1 = await newPassenger(db, a, { first_name: 'Léa', is_referent: 1 });
    const a2 = await newPassenger(db, a, { first_name: 'Hugo' });
    const b1 = await newPassenger(db, b, { first_name: 'Éric', is_referent: 1 });
    const b2 = await newPassenger(db, b, { first_name: 'Inès' });
    const b3 = await newPassenger(db, b, { first_name: 'Noé' });
    const c1 = await newPassenger(db, c, { first_name: 'Zoé', is_referent: 1 });
    await register(db, flight, [a1, a2, b1, b2, c1]);
    await db
      .insertInto('requested_dates')
      .values([
        { booking_id: a, date: `${ym}-09` },
        { booking_id: a, date: day },
        { booking_id: a, date: `${ym}-17` },
        { booking_id: b, date: day },
        { booking_id: b, date: `${ym}-22` },
        { booking_id: c, date: day },
      ])
      .execute();
    return { flight, day, ym, a, b, c, notFlown: b3 };
  }

  /** What the realization may change, to compare before and after. */
  async function state(s: Awaited<ReturnType<typeof scenario>>) {
    const { db } = t.database;
    const ids = [s.a, s.b, s.c];
    return {
      bookings: await db
        .selectFrom('bookings')
        .select(['id', 'booking_status_id'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute(),
      dates: await db
        .selectFrom('requested_dates')
        .select(['booking_id', 'date'])
        .where('booking_id', 'in', ids)
        .orderBy('booking_id')
        .orderBy('date')
        .execute(),
      registrations: await db
        .selectFrom('registrations')
        .select(['passenger_id'])
        .where('flight_id', '=', s.flight)
        .orderBy('passenger_id')
        .execute(),
    };
  }

  const pendingOn = async (day: string) => (await call('POST', '/api/planning/day', { day })).json().pending_passengers;
  const rangeOf = async (ym: string) =>
    (await call('POST', '/api/planning/range', { from: `${ym}-01`, to: `${ym}-28` })).json().pending_passengers;

  it('completes the bookings whose passengers all flew and closes their requested dates up to the day', async () => {
    const s = await scenario();
    expect(await pendingOn(s.day)).toBe(5);
    expect(await rangeOf(s.ym)).toEqual({ [`${s.ym}-09`]: 2, [s.day]: 5, [`${s.ym}-17`]: 2, [`${s.ym}-22`]: 3 });

    const response = await realize(s.flight);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ flight_status_id: 2, takeoff_time: '07:20:00' });
    const after = await state(s);
    expect(after.bookings).toEqual([
      { id: s.a, booking_status_id: 3 },
      // Partly flown: stays open for its third passenger.
      { id: s.b, booking_status_id: 1 },
      // Canceled: left as it was, dates included.
      { id: s.c, booking_status_id: 4 },
    ]);
    expect(after.dates).toEqual([
      { booking_id: s.a, date: `${s.ym}-17` },
      { booking_id: s.b, date: `${s.ym}-22` },
      { booking_id: s.c, date: s.day },
    ]);
    // The day no longer counts people who have flown; B's later day counts only the passenger still to fly.
    expect(await pendingOn(s.day)).toBe(0);
    expect(await rangeOf(s.ym)).toEqual({ [`${s.ym}-22`]: 1 });
    // The dashboard's week counts the same way.
    expect(Object.fromEntries(await pendingPassengersByDay(t.database.db, `${s.ym}-01`, `${s.ym}-28`))).toEqual({
      [`${s.ym}-22`]: 1,
    });
    const pendingList = await call(
      'GET',
      `/api/bookings?filters=${encodeURIComponent(`booking_status.slug|=|pending,requested_dates.date|=|${s.day}`)}`,
    );
    expect(pendingList.json()).toEqual([]);

    // Which of B's passengers have flown, as the booking summary reads them.
    const passengers = await call('GET', `/api/passengers?filters=booking_id|=|${s.b}&embed=realized_flights`);
    expect(
      passengers
        .json()
        .map((p: { id: number; realized_flights: { id: number }[] }) => [
          p.id === s.notFlown,
          p.realized_flights.map((f) => f.id),
        ]),
    ).toEqual([
      [false, [s.flight]],
      [false, [s.flight]],
      [true, []],
    ]);

    // In the history of each booking, tagged with the flight, and in the flight's own.
    const historyA = (await call('GET', `/api/bookings/${s.a}/history`)).json().data as {
      resource: string;
      action: string;
      changes: string;
      flight_id: number | null;
    }[];
    const status = historyA.find((e) => e.resource === 'bookings');
    expect(status).toMatchObject({ action: 'update', flight_id: s.flight });
    expect(JSON.parse(status!.changes)).toEqual({ booking_status_id: [1, 3] });
    const closedDates = historyA.filter((e) => e.resource === 'requested-dates');
    expect(closedDates.map((e) => [e.action, JSON.parse(e.changes).date[0], e.flight_id]).sort()).toEqual([
      ['delete', `${s.ym}-09`, s.flight],
      ['delete', s.day, s.flight],
    ]);
    const historyFlight = (await call('GET', `/api/flights/${s.flight}/history`)).json().data as {
      resource: string;
      booking_id: number;
      changes: string;
    }[];
    const closures = historyFlight.filter((e) => e.resource === 'flight-closures');
    expect(closures.map((e) => e.booking_id).sort((x, y) => x - y)).toEqual([s.a, s.b]);
    expect(JSON.parse(closures.find((e) => e.booking_id === s.b)!.changes)).toMatchObject({
      previous_booking_status_id: [null, 1],
      booking_status_id: [null, 1],
      closed_dates: [null, [s.day]],
    });
  });

  it('completes a booking once its last passenger flies, on another flight', async () => {
    const { db } = t.database;
    const booking = await newBooking(db, { passengers_number: 2, booking_status_id: 2 });
    const first = await newFlight(db, { scheduled_date: '2032-04-03' });
    const second = await newFlight(db, { scheduled_date: '2032-04-10' });
    await register(db, first, [await newPassenger(db, booking, { is_referent: 1 })]);
    await register(db, second, [await newPassenger(db, booking)]);
    expect((await realize(first)).statusCode).toBe(200);
    const statusOf = async () =>
      (await db.selectFrom('bookings').select('booking_status_id').where('id', '=', booking).executeTakeFirstOrThrow())
        .booking_status_id;
    expect(await statusOf()).toBe(2);
    expect((await realize(second)).statusCode).toBe(200);
    expect(await statusOf()).toBe(3);
    expect((await call('PUT', `/api/flights/${second}`, { flight_status_id: 1 })).statusCode).toBe(200);
    expect(await statusOf()).toBe(2);
  });

  it('is undone exactly by any other status, and only that', async () => {
    for (const back of [1, 4]) {
      const s = await scenario();
      const before = await state(s);
      expect((await realize(s.flight)).statusCode).toBe(200);
      // B asks again for a day the realization closed, by hand: the undo keeps it once.
      expect((await call('POST', '/api/requested-dates', { booking_id: s.b, date: s.day })).statusCode).toBe(201);
      const undo = await call('PUT', `/api/flights/${s.flight}`, { flight_status_id: back });
      expect(undo.statusCode).toBe(200);
      expect(await state(s)).toEqual(before);
      expect(await pendingOn(s.day)).toBe(5);
      const left = await t.database.db
        .selectFrom('flight_closures')
        .select('id')
        .where('flight_id', '=', s.flight)
        .execute();
      expect(left).toEqual([]);
      const historyA = (await call('GET', `/api/bookings/${s.a}/history`)).json().data as {
        resource: string;
        action: string;
        changes: string;
      }[];
      expect(JSON.parse(historyA.find((e) => e.resource === 'bookings')!.changes)).toEqual({
        booking_status_id: [3, 1],
      });
      expect(historyA.filter((e) => e.resource === 'requested-dates' && e.action === 'create')).toHaveLength(2);
      // Realized again: the same closures, once.
      expect((await realize(s.flight)).statusCode).toBe(200);
      expect((await state(s)).bookings.map((b) => b.booking_status_id)).toEqual([3, 1, 4]);
    }
  });

  it('leaves alone on undo a booking whose status was changed by hand since', async () => {
    const s = await scenario();
    const before = await state(s);
    expect((await realize(s.flight)).statusCode).toBe(200);
    // A closed booking still changes status: staff cancel the completed booking A (a refund, say).
    expect((await call('PUT', `/api/bookings/${s.a}`, { booking_status_id: 4 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/flights/${s.flight}`, { flight_status_id: 1 })).statusCode).toBe(200);
    const after = await state(s);
    expect(after.bookings).toEqual([
      { id: s.a, booking_status_id: 4 },
      { id: s.b, booking_status_id: 1 },
      { id: s.c, booking_status_id: 4 },
    ]);
    // A keeps what it had after the realization; B and C are back as they were.
    expect(after.dates).toEqual([
      { booking_id: s.a, date: `${s.ym}-17` },
      ...before.dates.filter((d) => d.booking_id !== s.a),
    ]);
  });

  it('keeps the flight record completable after the flight, the rest locked (422 naming the field)', async () => {
    const { db } = t.database;
    const balloon = await newBalloon(db, { volume: 4000, envelope_temperature: 100, empty_mass: 450, gas_mass: 120 });
    const location = await newLocation(db, 200);
    const flight = await newFlight(db, {
      scheduled_date: '2032-05-20',
      balloon_id: balloon,
      location_id: location,
      pilot_id: await newPilot(db),
    });
    const booking = await newBooking(db, { passengers_number: 1 });
    await register(db, flight, [await newPassenger(db, booking, { first_name: 'Éléonore', is_referent: 1 })]);
    expect((await realize(flight)).statusCode).toBe(200);
    const masses = async () =>
      (await call('GET', `/api/flights/${flight}?append=flight_masses`)).json().flight_masses as {
        max_takeoff_mass: number | null;
        margin: number | null;
      };
    expect((await masses()).max_takeoff_mass).toBeNull();

    const record = await call('PUT', `/api/flights/${flight}`, {
      takeoff_temperature: 14,
      flight_max_altitude: 950,
      takeoff_time: '07:25:00',
      landing_time: '08:40:00',
    });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({
      flight_status_id: 2,
      takeoff_temperature: 14,
      flight_max_altitude: 950,
      landing_time: '08:40:00',
    });
    expect((await masses()).max_takeoff_mass).toBeGreaterThan(0);
    expect((await masses()).margin).not.toBeNull();
    // A realized flight keeps its times.
    const cleared = await call('PUT', `/api/flights/${flight}`, { landing_time: null });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors.landing_time).toEqual(['Ce champ est obligatoire pour un vol réalisé.']);

    const teammate = await newTeammate(db);
    for (const [payload, field] of [
      [{ scheduled_time: '09:00' }, 'scheduled_time'],
      [{ pilot_id: null, takeoff_temperature: 20 }, 'pilot_id'],
      [{ teammates: [teammate] }, 'teammates'],
      [{ flight_status_id: 1, balloon_id: null }, 'balloon_id'],
    ] as const) {
      const refused = await call('PUT', `/api/flights/${flight}`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(refused.json()).toEqual({
        message: FLIGHT_RECORD_MESSAGES.locked,
        errors: { [field]: [FLIGHT_RECORD_MESSAGES.lockedField] },
      });
    }
    const row = await db.selectFrom('flights').selectAll().where('id', '=', flight).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ flight_status_id: 2, scheduled_time: '06:30:00', takeoff_temperature: 14 });
    expect(row.pilot_id).not.toBeNull();
    expect(row.balloon_id).toBe(balloon);
  });

  it('prints the recorded times and remarks on the flight plan', async () => {
    const { db } = t.database;
    const flight = await newFlight(db, { scheduled_date: '2032-06-02', pilot_id: await newPilot(db) });
    const blank = await readPdf((await call('GET', `/api/flights/${flight}/operational-flight-plan.pdf`)).rawPayload);
    expect(blank.text).not.toContain('07:20');
    expect(blank.text).not.toContain('REMARQUES');

    expect((await realize(flight)).statusCode).toBe(200);
    await call('POST', '/api/flight-notes', { flight_id: flight, content: 'Atterrissage dans un champ de blé.' });
    await call('PUT', `/api/flights/${flight}`, { takeoff_temperature: 12 });
    const response = await call('GET', `/api/flights/${flight}/operational-flight-plan.pdf`);
    expect(response.statusCode).toBe(200);
    const { text, pages } = await readPdf(response.rawPayload);
    expect(pages).toBe(1);
    expect(text).toMatch(/Décollage \(heure\) 07:20/);
    expect(text).toMatch(/Atterrissage \(heure, lieu\) 08:35/);
    expect(text).toMatch(/Température au sol 12 ?° ?C/);
    expect(text).toContain('REMARQUES Atterrissage dans un champ de blé.');
  });
});
