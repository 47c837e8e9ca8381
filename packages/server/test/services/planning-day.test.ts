import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBalloon, newBooking, newFlight, newLocation, newPassenger, newPilot, register } from './builders.js';

describe(`planning day on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const day = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/planning/day', headers, payload: payload as object });

  it("answers the day's flights and events ordered by time, with what the cards show", async () => {
    const { db } = t.database;
    const balloon = await newBalloon(db, { label: 'F-HBLC', passengers: 4, market_mass: 450 });
    const location = await newLocation(db, 320);
    const pilot = await newPilot(db);
    const evening = await newFlight(db, {
      scheduled_date: '2026-07-14',
      scheduled_time: '19:00:00',
      balloon_id: balloon,
      location_id: location,
      pilot_id: pilot,
    });
    const morning = await newFlight(db, {
      scheduled_date: '2026-07-14',
      scheduled_time: '06:15:00',
      flight_status_id: 3,
    });
    await newFlight(db, { scheduled_date: '2026-07-15', scheduled_time: '06:15:00' });
    const booking = await newBooking(db);
    const passengers = [
      await newPassenger(db, booking, { weight: 82.5 }),
      await newPassenger(db, booking, { weight: 61 }),
      await newPassenger(db, booking, { weight: null }),
    ];
    await register(db, evening, passengers);
    const note = await db
      .insertInto('events')
      .values({ scheduled_date: '2026-07-14', scheduled_time: '12:00:00', title: 'Réunion équipe', description: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('events')
      .values({ scheduled_date: '2026-07-13', scheduled_time: '12:00:00', title: 'Veille', description: null })
      .execute();

    const res = await day({ day: '2026-07-14' });
    expect(res.statusCode).toBe(200);
    const { items, pending_passengers } = res.json();
    expect(pending_passengers).toBe(0);
    expect(items.map((i: { kind: string; id: number }) => [i.kind, i.id])).toEqual([
      ['flight', morning],
      ['event', note.id],
      ['flight', evening],
    ]);
    expect(items[0]).toMatchObject({
      scheduled_time: '06:15:00',
      flight_status: { id: 3, slug: 'weather-postponed', is_editable: 0 },
      balloon: null,
      pilot: null,
      location: null,
      passengers_count: 0,
      total_weight: 0,
      availability: null,
    });
    expect(items[1]).toMatchObject({ kind: 'event', title: 'Réunion équipe', scheduled_time: '12:00:00' });
    expect(items[2]).toMatchObject({
      scheduled_date: '2026-07-14',
      flight_status: { id: 1, slug: 'planned', is_editable: 1 },
      balloon: { id: balloon, label: 'F-HBLC', passengers: 4, market_mass: 450 },
      location: { id: location, takeoff_altitude: 320 },
      pilot: { id: pilot, full_name: 'Amélie Lefèvre' },
      passengers_count: 3,
      total_weight: 143.5,
      availability: 1,
    });
  });

  it('sums passengers_number of pending bookings that asked for the day, once each', async () => {
    const { db } = t.database;
    const date = '2026-08-01';
    const pendingA = await newBooking(db, { passengers_number: 3 });
    const pendingB = await newBooking(db, { passengers_number: 2 });
    const pendingOtherDay = await newBooking(db, { passengers_number: 7 });
    const inProgress = await newBooking(db, { passengers_number: 5, booking_status_id: 2 });
    const canceled = await newBooking(db, { passengers_number: 11, booking_status_id: 4 });
    await db
      .insertInto('requested_dates')
      .values([
        { booking_id: pendingA, date },
        { booking_id: pendingA, date: '2026-08-02' },
        { booking_id: pendingB, date },
        { booking_id: pendingOtherDay, date: '2026-08-02' },
        { booking_id: inProgress, date },
        { booking_id: canceled, date },
      ])
      .execute();
    expect((await day({ day: date })).json()).toEqual({ items: [], pending_passengers: 5 });
    expect((await day({ day: '2026-08-02' })).json().pending_passengers).toBe(10);
  });

  it.each([
    ['not a date', { day: 'demain' }],
    ['an impossible date', { day: '2026-02-30' }],
    ['a date with a time', { day: '2026-07-14T10:00:00' }],
    ['a number', { day: 20260714 }],
    ['nothing', {}],
  ])('answers 422 "Paramètre du vol inattendu" for %s', async (_label, payload) => {
    const res = await day(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Paramètre du vol inattendu',
      errors: { day: ['Paramètre du vol inattendu'] },
    });
  });
});
