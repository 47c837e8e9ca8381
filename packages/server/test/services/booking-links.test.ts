import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { link, newBooking, newFlight, newPassenger, register } from './builders.js';

describe(`linked bookings and a flight's bookings on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  it('lists linked bookings in both directions with referent passenger and passenger count', async () => {
    const { db } = t.database;
    const main = await newBooking(db, { number: 'L-100' });
    const forward = await newBooking(db, { number: 'L-101' });
    const backward = await newBooking(db, { number: 'L-102', booking_status_id: 2 });
    const unrelated = await newBooking(db, { number: 'L-103' });
    await newPassenger(db, forward, { first_name: 'Hélène', last_name: 'Bénard', is_referent: 1, department: '21' });
    await newPassenger(db, forward, { first_name: 'Louis', last_name: 'Bénard' });
    await newPassenger(db, backward, { first_name: 'Zoé', last_name: 'Garnier' });
    await link(db, main, forward);
    await link(db, backward, main);
    await link(db, forward, unrelated);

    const res = await t.app.inject({ method: 'GET', url: `/api/bookings/${main}/linked`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((b: { id: number }) => b.id)).toEqual([forward, backward]);
    expect(body[0]).toMatchObject({
      number: 'L-101',
      passengers_count: 2,
      booking_status: { id: 1, slug: 'pending' },
      referent_passenger: { full_name: 'Hélène Bénard', is_referent: 1, department: '21' },
    });
    expect(body[0].booking_link_id).toEqual(expect.any(Number));
    expect(body[1]).toMatchObject({ number: 'L-102', passengers_count: 1, referent_passenger: null });
    expect(body[1].booking_status.slug).toBe('in-progress');

    const fromForward = await t.app.inject({ method: 'GET', url: `/api/bookings/${forward}/linked`, headers });
    expect(fromForward.json().map((b: { id: number }) => b.id)).toEqual([main, unrelated]);
  });

  it('answers an empty list without links and 404 for an unknown booking', async () => {
    const alone = await newBooking(t.database.db, { number: 'L-200' });
    const res = await t.app.inject({ method: 'GET', url: `/api/bookings/${alone}/linked`, headers });
    expect(res.json()).toEqual([]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/bookings/987654/linked', headers });
    expect(missing.statusCode).toBe(404);
  });

  it("lists a flight's bookings with only their registered passengers", async () => {
    const { db } = t.database;
    const flight = await newFlight(db);
    const otherFlight = await newFlight(db);
    const a = await newBooking(db, { number: 'F-001' });
    const b = await newBooking(db, { number: 'F-002' });
    const c = await newBooking(db, { number: 'F-003' });
    const a1 = await newPassenger(db, a, { first_name: 'Anaïs', last_name: 'Morel', is_referent: 1 });
    const a2 = await newPassenger(db, a, { first_name: 'Théo', last_name: 'Morel' });
    const b1 = await newPassenger(db, b, { first_name: 'Chloé', last_name: 'Faure' });
    const c1 = await newPassenger(db, c, { first_name: 'Noé', last_name: 'Perrin' });
    await register(db, flight, [a1, b1]);
    await register(db, otherFlight, [a2, c1]);

    const res = await t.app.inject({ method: 'GET', url: `/api/flights/${flight}/bookings`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((x: { number: string }) => x.number)).toEqual(['F-001', 'F-002']);
    expect(body[0].referent_passenger).toMatchObject({ id: a1, full_name: 'Anaïs Morel' });
    expect(body[0].passengers.map((p: { id: number }) => p.id)).toEqual([a1]);
    expect(body[0].passengers[0].registration_id).toEqual(expect.any(Number));
    expect(body[1].passengers.map((p: { id: number }) => p.id)).toEqual([b1]);

    const empty = await newFlight(db);
    expect((await t.app.inject({ method: 'GET', url: `/api/flights/${empty}/bookings`, headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/flights/987654/bookings', headers })).statusCode).toBe(404);
  });
});
