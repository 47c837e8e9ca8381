import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNPAGED_ROWS } from '../../src/engine/limits.js';
import { apiToken } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBalloon, newBooking, newFlight, newPassenger, register } from '../services/builders.js';

// Issue "Harden the API": each class of request that made the server answer 500, hold it, or show an API key
// what it may not read. Every case answers a 4xx naming the culprit.

describe(`hostile list queries on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let flightId: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'admin'));
    const { db } = t.database;
    const balloonId = await newBalloon(db, { passengers: 8 });
    flightId = await newFlight(db, { balloon_id: balloonId });
    for (let b = 0; b < 3; b++) {
      const bookingId = await newBooking(db);
      const customer = await db
        .insertInto('customers')
        .values({ customer_type_id: 2, last_name: 'Secret', email: 'secret@example.test', phone: '06 12 34 56 78' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('bookings').set({ customer_id: customer.id }).where('id', '=', bookingId).execute();
      const p = await newPassenger(db, bookingId, { email: 'passager@example.test', phone: '06 00 00 00 00' });
      await register(db, flightId, [p]);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, extra: Record<string, string> = headers) =>
    t.app.inject({ method: 'GET', url, headers: extra });

  it('refuses an embed deeper than 3 relations, naming the parameter', async () => {
    const response = await get('/api/bookings?embed=linked_bookings.passengers.flights.location&page=1');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('« embed »');
    expect(response.json().message).toContain('plus de 3 relations');
  });

  it('refuses a path that walks back where it came from, in embed, filters, has and order', async () => {
    for (const url of [
      '/api/bookings?embed=passengers.booking.passengers&page=1',
      '/api/bookings?embed=passengers.booking&page=1',
      '/api/flights?embed=passengers.flights&page=1',
      '/api/bookings?filters=passengers.booking.number|=|1&page=1',
      '/api/bookings?has=passengers.booking&page=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain('revient sur la relation');
    }
    // Going further without coming back stays allowed.
    expect((await get('/api/bookings?embed=passengers.flights.location&page=1')).statusCode).toBe(200);
  });

  it('answers 400, not 500, to relation paths 21 levels deep and has= paths 15 levels deep', async () => {
    const deep = Array.from({ length: 20 }, (_, i) => (i % 2 ? 'booking' : 'passengers')).join('.');
    expect((await get(`/api/bookings?filters=${deep}.number|=|1&page=1`)).statusCode).toBe(400);
    const has = Array.from({ length: 15 }, (_, i) => (i % 2 ? 'booking' : 'passengers')).join('.');
    expect((await get(`/api/bookings?has=${has}&page=1`)).statusCode).toBe(400);
    expect((await get(`/api/bookings?order=${deep}.number|ASC&page=1`)).statusCode).toBe(400);
  });

  it('limits the number of filters', async () => {
    const many = Array.from({ length: 999 }, (_, i) => `id|<>|${i}`).join(',');
    const response = await get(`/api/bookings?filters=${many}&page=1`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('au plus 50 conditions');
  });

  it('refuses control characters (NUL included) in search and like values', async () => {
    for (const url of [
      '/api/bookings?search=abc%00def&page=1',
      '/api/bookings?filters=number|like|~ab%00c~&page=1',
      '/api/customers?filters=last_name|like|~a%01b~',
      '/api/passengers?filters=last_name|=|a%0Ab&page=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toContain('caractère de contrôle');
    }
  });

  it('answers 400 to timestamps out of range instead of an invalid date', async () => {
    for (const value of ['2026-01-01T25:00', '2026-01-01T99:99:00Z', '2026-01-01T10:00+99:99', '2026-02-30T10:00']) {
      const response = await get(`/api/booking-notes?filters=created_at|>|${encodeURIComponent(value)}`);
      expect(response.statusCode, value).toBe(400);
      expect(response.json().message, value).toContain('Valeur invalide');
    }
    expect((await get('/api/booking-notes?filters=created_at|>|2026-01-01T23:59:59%2B02:00')).statusCode).toBe(200);
  });

  it('bounds the search text and the filter values', async () => {
    const search = await get(`/api/bookings?search=${'a'.repeat(101)}&page=1`);
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toContain('100 caractères');
    const long = await get(`/api/bookings?filters=number|=|${'1'.repeat(600)}&page=1`);
    expect(long.statusCode).toBe(400);
    const values = Array.from({ length: 600 }, (_, i) => i).join(';');
    expect((await get(`/api/bookings?filters=id|in|${values}&page=1`)).statusCode).toBe(400);
  });

  it('caps unpaged reads and refuses per_page without page', async () => {
    const { db } = t.database;
    const rows = Array.from({ length: MAX_UNPAGED_ROWS + 1 }, (_, i) => ({
      number: `CAP-${i}`,
      passengers_number: 1,
      booking_status_id: 1,
      booked_at: '2026-03-01',
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('bookings')
        .values(rows.slice(i, i + 200))
        .execute();
    const unpaged = await get('/api/bookings');
    expect(unpaged.statusCode).toBe(400);
    expect(unpaged.json().message).toContain('page par page');
    // Paged, or narrowed below the ceiling, it reads.
    expect((await get('/api/bookings?page=1&per_page=100')).json().data).toHaveLength(100);
    expect((await get('/api/bookings?filters=number|like|CAP-99~')).json()).toHaveLength(11);
    // The reference lists stay unpaged, as the web calls them.
    expect((await get('/api/payment-methods')).statusCode).toBe(200);
    const perPage = await get('/api/bookings?per_page=5');
    expect(perPage.statusCode).toBe(400);
    expect(perPage.json().message).toContain('« per_page »');
    await db.deleteFrom('bookings').where('number', 'like', 'CAP-%').execute();
  });

  it('stops an embed that would bring more rows than its ceiling', async () => {
    const { db } = t.database;
    // 60 bookings of 100 passengers: 6,000 passengers for one page of embeds (ceiling 5,000).
    const ids: number[] = [];
    for (let b = 0; b < 60; b++) ids.push(await newBooking(db, { number: `BIG-${b}` }));
    for (const id of ids) {
      await db
        .insertInto('passengers')
        .values(Array.from({ length: 100 }, (_, i) => ({ booking_id: id, first_name: 'P', last_name: `N${i}` })))
        .execute();
    }
    const response = await get('/api/bookings?filters=number|like|BIG-~&embed=passengers&page=1&per_page=100');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('« passengers »');
    const fine = await get('/api/bookings?filters=number|like|BIG-~&embed=passengers&page=1&per_page=10');
    expect(fine.statusCode).toBe(200);
    await db.deleteFrom('passengers').where('booking_id', 'in', ids).execute();
    await db.deleteFrom('bookings').where('id', 'in', ids).execute();
  });

  describe('an API key', () => {
    let bearer: Record<string, string>;
    beforeAll(async () => {
      const { token } = await apiToken(t);
      bearer = { authorization: `Bearer ${token}` };
    });

    it('reads the planning fields of flights and nothing personal', async () => {
      const response = await get(`/api/flights?embed=balloon,location,flight_status&page=1`, bearer);
      expect(response.statusCode).toBe(200);
      const [flight] = response.json().data;
      expect(flight).toMatchObject({ id: flightId, passengers_count: 3, availability: 5 });
      expect(flight.balloon).toEqual({ id: expect.any(Number), label: expect.any(String), passengers: 8 });
      expect(flight).not.toHaveProperty('pilot_id');
      expect(flight).not.toHaveProperty('total_weight');
      const detail = await get(`/api/flights/${flightId}`, bearer);
      expect(detail.statusCode).toBe(200);
      expect(Object.keys(detail.json())).not.toContain('takeoff_temperature');
    });

    it('is refused, naming it, any path to passengers, customers, pilots or the flight masses', async () => {
      for (const [url, name] of [
        ['/api/flights?embed=passengers.booking.customer&page=1', 'passengers.booking.customer'],
        ['/api/flights?embed=passengers&page=1', 'passengers'],
        ['/api/flights?embed=pilot&page=1', 'pilot'],
        ['/api/flights?filters=passengers.email|like|~example~&page=1', 'passengers.email'],
        ['/api/flights?filters=total_weight|>|0&page=1', 'total_weight'],
        ['/api/flights?order=pilot_id|ASC&page=1', 'pilot_id'],
        ['/api/flights?has=passengers&page=1', 'passengers'],
        ['/api/flights?count=passengers&page=1', 'passengers'],
        [`/api/flights/${flightId}?append=flight_masses`, 'flight_masses'],
      ] as const) {
        const response = await get(url, bearer);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().message, url).toContain(`« ${name} »`);
      }
    });

    it('reads the planning day without pilots, weights or staff notes', async () => {
      const flight = await t.database.db
        .selectFrom('flights')
        .select('scheduled_date')
        .where('id', '=', flightId)
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('events')
        .values({
          scheduled_date: flight.scheduled_date,
          scheduled_time: '09:00:00',
          title: 'Interne',
          description: 'x',
        })
        .execute();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/planning/day',
        headers: bearer,
        payload: { day: flight.scheduled_date },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.items.every((i: { kind: string }) => i.kind === 'flight')).toBe(true);
      expect(JSON.stringify(body)).not.toMatch(/pilot|total_weight|Interne/);
    });
  });
});
