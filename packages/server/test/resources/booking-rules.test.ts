import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { BOOKING_RULE_MESSAGES } from '../../src/services/booking-rules.js';
import { createTestApp, engine, signIn, type TestApp, testConfig } from '../helpers.js';
import { newBooking, newFlight, newPassenger, register } from '../services/builders.js';

// Issue 8 server rules: a not-editable booking only changes status, exactly one referent per booking, no deletion
// of a registered passenger, numbers unique under concurrency, real dates and amounts.

describe(`booking rules on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const passengersOf = (bookingId: number) =>
    t.database.db
      .selectFrom('passengers')
      .select(['id', 'is_referent'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute();

  it('a completed, canceled or expired booking only changes status (409 otherwise, nothing written)', async () => {
    for (const statusId of [3, 4, 5]) {
      const id = await newBooking(t.database.db, { booking_status_id: statusId, total_amount: 100 });
      const refused = await call('PUT', `/api/bookings/${id}`, { total_amount: 200 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(BOOKING_RULE_MESSAGES.statusOnly);
      const slots = await call('PUT', `/api/bookings/${id}`, { flight_schedules: [] });
      expect(slots.statusCode).toBe(409);
      const mixed = await call('PUT', `/api/bookings/${id}`, { booking_status_id: 2, number: 'X' });
      expect(mixed.statusCode).toBe(409);
      const row = await t.database.db
        .selectFrom('bookings')
        .select(['total_amount', 'booking_status_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.total_amount)).toBe(100);
      expect(row.booking_status_id).toBe(statusId);
      const reopened = await call('PUT', `/api/bookings/${id}`, { booking_status_id: 2 });
      expect(reopened.statusCode).toBe(200);
      expect((await call('PUT', `/api/bookings/${id}`, { total_amount: 200 })).statusCode).toBe(200);
    }
  });

  it('refuses passengers, requested dates and links on a not-editable booking, but keeps notes open', async () => {
    const id = await newBooking(t.database.db, { booking_status_id: 3 });
    const open = await newBooking(t.database.db);
    const passenger = await newPassenger(t.database.db, id);
    const cases = [
      await call('POST', '/api/passengers', {
        booking_id: id,
        ticket_number: `K-${id}`,
        first_name: 'A',
        last_name: 'B',
      }),
      await call('PUT', `/api/passengers/${passenger}`, { first_name: 'Changé' }),
      await call('DELETE', `/api/passengers/${passenger}`),
      await call('POST', '/api/requested-dates', { booking_id: id, date: '2027-05-01' }),
      await call('POST', '/api/booking-links', { booking_id: open, linked_booking_id: id }),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(BOOKING_RULE_MESSAGES.partsLocked);
    }
    expect(await passengersOf(id)).toHaveLength(1);
    const note = await call('POST', '/api/booking-notes', { booking_id: id, content: 'Remboursé le 3 mai.' });
    expect(note.statusCode).toBe(201);
  });

  it('makes the first passenger the referent, moves the role, refuses a referent resigning alone', async () => {
    const id = await newBooking(t.database.db);
    const first = await call('POST', '/api/passengers', {
      booking_id: id,
      ticket_number: `R1-${id}`,
      first_name: 'Éléonore',
      last_name: 'Lefèvre',
      is_referent: 0,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().is_referent).toBe(1);
    const second = await call('POST', '/api/passengers', {
      booking_id: id,
      ticket_number: `R2-${id}`,
      first_name: 'Noël',
      last_name: 'Lefèvre',
    });
    expect(second.json().is_referent).toBe(0);

    const resign = await call('PUT', `/api/passengers/${first.json().id}`, { is_referent: 0 });
    expect(resign.statusCode).toBe(422);
    expect(resign.json().errors.is_referent).toEqual([BOOKING_RULE_MESSAGES.referentRequired]);

    const moved = await call('PUT', `/api/passengers/${second.json().id}`, { is_referent: 1 });
    expect(moved.statusCode).toBe(200);
    expect((await passengersOf(id)).map((p) => p.is_referent)).toEqual([0, 1]);

    // Deleting the referent hands the role to the remaining passenger created first.
    expect((await call('DELETE', `/api/passengers/${second.json().id}`)).statusCode).toBe(204);
    expect((await passengersOf(id)).map((p) => p.is_referent)).toEqual([1]);
  });

  it('gives a booking one referent even when its first passengers arrive in parallel', async () => {
    const id = await newBooking(t.database.db, { passengers_number: 8 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/api/passengers', {
          booking_id: id,
          ticket_number: `P${i}-${id}`,
          first_name: 'A',
          last_name: `N${i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect((await passengersOf(id)).filter((p) => p.is_referent === 1)).toHaveLength(1);
  });

  it('refuses to delete a passenger registered on a flight (409), then deletes once unregistered', async () => {
    const id = await newBooking(t.database.db);
    const passenger = await newPassenger(t.database.db, id);
    const flight = await newFlight(t.database.db);
    await register(t.database.db, flight, [passenger]);
    const refused = await call('DELETE', `/api/passengers/${passenger}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BOOKING_RULE_MESSAGES.registeredPassenger);
    await t.database.db.deleteFrom('registrations').where('passenger_id', '=', passenger).execute();
    expect((await call('DELETE', `/api/passengers/${passenger}`)).statusCode).toBe(204);
  });

  it('keeps numbers unique under 50 parallel creations through two app instances: one 201, the rest 422', async () => {
    const other = await buildApp({ config: testConfig(), database: t.database });
    try {
      const number = `PAR-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/api/bookings',
            headers,
            payload: { number, passengers_number: 1 },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 422)).toHaveLength(49);
      for (const answer of answers.filter((a) => a.statusCode === 422)) {
        expect(answer.json().errors.number).toEqual(['Ce numéro existe déjà']);
      }

      const bookingId = answers.find((a) => a.statusCode === 201)?.json().id as number;
      const ticket = `TK-${Date.now()}`;
      const tickets = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/api/passengers',
            headers,
            payload: { booking_id: bookingId, ticket_number: ticket, first_name: 'A', last_name: `B${i}` },
          }),
        ),
      );
      expect(tickets.filter((a) => a.statusCode === 201)).toHaveLength(1);
      expect(tickets.filter((a) => a.statusCode === 422)).toHaveLength(19);
    } finally {
      await other.close();
    }
  });

  it('refuses impossible dates and negative or over-precise amounts with 422, writing nothing', async () => {
    const before = await t.database.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const payload of [
      { number: `D-${Date.now()}`, passengers_number: 1, booked_at: '2026-02-30' },
      { number: `D-${Date.now()}-2`, passengers_number: 1, paid_amount: -1 },
      { number: `D-${Date.now()}-3`, passengers_number: 1, total_amount: 10.005 },
    ]) {
      const response = await call('POST', '/api/bookings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const after = await t.database.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
