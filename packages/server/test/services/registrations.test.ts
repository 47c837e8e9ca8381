import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestApp, engine, signIn, type TestApp, testConfig } from '../helpers.js';
import { newBalloon, newBooking, newFlight, newPassenger, register } from './builders.js';

// No seat given twice: the seat count and the insert are one step per flight (services/registrations.ts).

describe(`registrations on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const passengers = async (n: number) => {
    const bookingId = await newBooking(t.database.db, { passengers_number: n });
    return Promise.all(
      Array.from({ length: n }, (_, i) => newPassenger(t.database.db, bookingId, { last_name: `P${i}` })),
    );
  };

  it('gives exactly two of ten parallel registrations, through two processes, on a two-seat balloon', async () => {
    const flightId = await newFlight(t.database.db, { balloon_id: await newBalloon(t.database.db, { passengers: 2 }) });
    const ids = await passengers(10);
    const other = await buildApp({ config: testConfig(), database: t.database });
    try {
      const answers = await Promise.all(
        ids.map((passenger_id, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/api/registrations',
            headers,
            payload: { flight_id: flightId, passenger_id },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(2);
      expect(codes.filter((c) => c === 409)).toHaveLength(8);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json().message).toContain('confirmez la surcharge');
    } finally {
      await other.close();
    }
    const flight = await t.app.inject({ method: 'GET', url: `/api/flights/${flightId}`, headers });
    expect(flight.json()).toMatchObject({ passengers_count: 2, availability: 0 });
  });

  it('registers beyond capacity only with force, and refuses a duplicate', async () => {
    const flightId = await newFlight(t.database.db, { balloon_id: await newBalloon(t.database.db, { passengers: 1 }) });
    const [a, b] = await passengers(2);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers,
        payload: { flight_id: flightId, ...payload },
      });
    expect((await post({ passenger_id: a })).statusCode).toBe(201);
    expect((await post({ passenger_id: b })).statusCode).toBe(409);
    const forced = await post({ passenger_id: b, force: 1 });
    expect(forced.statusCode).toBe(201);
    expect(forced.json()).not.toHaveProperty('force');
    const duplicate = await post({ passenger_id: b, force: 1 });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.passenger_id).toEqual(['Ce passager est déjà inscrit sur ce vol.']);
  });

  it('refuses adding or removing a registration on a flight that is no longer editable (409)', async () => {
    const flightId = await newFlight(t.database.db, { balloon_id: await newBalloon(t.database.db, { passengers: 6 }) });
    const [a, b] = await passengers(2);
    await register(t.database.db, flightId, [a!]);
    await t.database.db
      .updateTable('flights')
      .set({ flight_status_id: 2, takeoff_time: '07:00:00', landing_time: '08:10:00' })
      .where('id', '=', flightId)
      .execute();
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers,
      payload: { flight_id: flightId, passenger_id: b },
    });
    expect(add.statusCode).toBe(409);
    const registration = await t.database.db
      .selectFrom('registrations')
      .select('id')
      .where('flight_id', '=', flightId)
      .executeTakeFirstOrThrow();
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/registrations/${registration.id}`, headers });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toContain('plus modifiable');
  });
});
