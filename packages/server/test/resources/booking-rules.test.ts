import { AUTH_MESSAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { CSRF_HEADER } from '../../src/auth/session-format.js';
import { createDatabase } from '../../src/db/database.js';
import { constraintViolation } from '../../src/engine/db-errors.js';
import { BOOKING_RULE_MESSAGES } from '../../src/services/booking-rules.js';
import { apiToken } from '../auth/support.js';
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
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
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
    const date = await t.database.db
      .insertInto('requested_dates')
      .values({ booking_id: id, date: '2027-04-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await t.database.db
      .insertInto('booking_links')
      .values({ booking_id: open, linked_booking_id: id })
      .returning('id')
      .executeTakeFirstOrThrow();
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
      await call('POST', '/api/booking-links', { booking_id: id, linked_booking_id: open }),
      await call('PUT', `/api/requested-dates/${date.id}`, { date: '2027-04-02' }),
      await call('DELETE', `/api/requested-dates/${date.id}`),
      await call('DELETE', `/api/booking-links/${link.id}`),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(BOOKING_RULE_MESSAGES.partsLocked);
    }
    expect(await passengersOf(id)).toHaveLength(1);
    expect(
      await t.database.db.selectFrom('requested_dates').select('date').where('booking_id', '=', id).execute(),
    ).toEqual([{ date: '2027-04-01' }]);
    expect(
      await t.database.db.selectFrom('booking_links').select('id').where('id', '=', link.id).execute(),
    ).toHaveLength(1);
    const note = await call('POST', '/api/booking-notes', { booking_id: id, content: 'Remboursé le 3 mai.' });
    expect(note.statusCode).toBe(201);
    const edited = await call('PUT', `/api/booking-notes/${note.json().id}`, { content: 'Remboursé le 4 mai.' });
    expect(edited.statusCode).toBe(200);
    expect((await call('DELETE', `/api/booking-notes/${note.json().id}`)).statusCode).toBe(204);
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
    // On PostgreSQL the second instance has a pool of its own on the same schema, as a second server process
    // would; on SQLite a process writes through its one connection, so the instances share it.
    const otherDatabase =
      engine === 'postgres'
        ? createDatabase(t.database.url, { poolSize: 4 })
        : { ...t.database, destroy: async () => {} };
    const other = await buildApp({ config: testConfig(), database: otherDatabase });
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
      for (const answer of tickets.filter((a) => a.statusCode === 422)) {
        expect(answer.json().errors.ticket_number).toEqual(['Ce numéro existe déjà']);
      }

      // The alternative number is unique too, and against other bookings' alternative numbers.
      const alt = `ALT-${Date.now()}`;
      const alts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/api/bookings',
            headers,
            payload: { number: `${alt}-${i}`, number_alt: alt, passengers_number: 1 },
          }),
        ),
      );
      expect(alts.filter((a) => a.statusCode === 201)).toHaveLength(1);
      for (const answer of alts.filter((a) => a.statusCode !== 201)) {
        expect(answer.statusCode).toBe(422);
        expect(answer.json().errors.number_alt).toEqual(['Ce numéro existe déjà']);
      }
    } finally {
      await other.close();
      await otherDatabase.destroy();
    }
  });

  it('maps the unique indexes of both engines to the field they guard (the race the re-check cannot see)', async () => {
    const id = await newBooking(t.database.db, { number: `IDX-${Date.now()}`, number_alt: `IDXA-${Date.now()}` });
    const booking = await t.database.db
      .selectFrom('bookings')
      .select(['number', 'number_alt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await newPassenger(t.database.db, id, { ticket_number: `IDXT-${id}` });
    const violationOf = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (error) {
        return constraintViolation(error);
      }
      throw new Error('the unique index let a duplicate in');
    };
    expect(await violationOf(() => newBooking(t.database.db, { number: booking.number }))).toEqual({
      kind: 'unique',
      columns: ['number'],
    });
    expect(await violationOf(() => newBooking(t.database.db, { number_alt: booking.number_alt }))).toEqual({
      kind: 'unique',
      columns: ['number_alt'],
    });
    expect(await violationOf(() => newPassenger(t.database.db, id, { ticket_number: `IDXT-${id}` }))).toEqual({
      kind: 'unique',
      columns: ['ticket_number'],
    });
  });

  it('refuses impossible dates and negative or over-precise amounts with 422, writing nothing', async () => {
    const before = await t.database.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ number: `D-${Date.now()}`, passengers_number: 1, booked_at: '2026-02-30' }, 'booked_at'],
      [{ number: `D-${Date.now()}-1`, passengers_number: 1, booked_at: '2026-13-01' }, 'booked_at'],
      [{ number: `D-${Date.now()}-2`, passengers_number: 1, paid_amount: -1 }, 'paid_amount'],
      [{ number: `D-${Date.now()}-3`, passengers_number: 1, total_amount: 10.005 }, 'total_amount'],
      [{ number: `D-${Date.now()}-4`, passengers_number: 1, remaining_amount: -0.01 }, 'remaining_amount'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/api/bookings', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toEqual([field]);
    }
    const after = await t.database.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const id = await newBooking(t.database.db);
    expect((await call('PUT', `/api/bookings/${id}`, { booked_at: '2025-02-29' })).statusCode).toBe(422);
    const date = await call('POST', '/api/requested-dates', { booking_id: id, date: '2026-04-31' });
    expect(date.statusCode).toBe(422);
    expect(Object.keys(date.json().errors)).toEqual(['date']);
    // Leap day, zero and two decimals are fine.
    const valid = await call('PUT', `/api/bookings/${id}`, {
      booked_at: '2028-02-29',
      paid_amount: 0,
      total_amount: 1234.5,
      remaining_amount: 0.01,
    });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toMatchObject({ booked_at: '2028-02-29', total_amount: 1234.5, remaining_amount: 0.01 });
  });

  it('guards the booking helper reads: 401 anonymous, 403 API key, 200 signed in without CSRF; 419 on a write', async () => {
    const id = await newBooking(t.database.db, { total_amount: 50 });
    const { token } = await apiToken(t);
    for (const url of [
      '/api/booking-next-number',
      `/api/booking-next-ticket-number/${id}`,
      `/api/bookings/${id}/linked`,
    ]) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe(AUTH_MESSAGES.unauthenticated);
      const bearer = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(bearer.statusCode, url).toBe(403);
      expect(bearer.json().message).toBe(AUTH_MESSAGES.apiClientForbidden);
      // Reads need no anti-forgery header, only the session.
      const { [CSRF_HEADER]: _header, ...cookiesOnly } = headers;
      expect((await t.app.inject({ method: 'GET', url, headers: cookiesOnly })).statusCode, url).toBe(200);
    }
    const { [CSRF_HEADER]: _header, ...cookiesOnly } = headers;
    const forged = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}`,
      headers: cookiesOnly,
      payload: { total_amount: 999 },
    });
    expect(forged.statusCode).toBe(419);
    expect(forged.json().message).toBe(AUTH_MESSAGES.csrf);
    const row = await t.database.db
      .selectFrom('bookings')
      .select('total_amount')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.total_amount)).toBe(50);
  });
});
