import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLIGHT_NOT_EDITABLE } from '../../src/services/registrations.js';
import { apiToken } from '../auth/support.js';
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
} from '../services/builders.js';

// Issue 9 server rules and reads: a realized/postponed/canceled flight only changes status, its registrations stay;
// the calendar's range read; the operational flight plan PDF with its manifest.

describe(`flight rules, planning range and flight plan on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra = headers) =>
    t.app.inject({ method, url, headers: extra, ...(payload === undefined ? {} : { payload: payload as object }) });

  // A realized flight keeps its flight record open (issue 27): services/flight-realization.test.ts.
  it('a postponed or canceled flight only changes status (409 otherwise, nothing written)', async () => {
    const teammate = await newTeammate(t.database.db);
    for (const statusId of [3, 4]) {
      const id = await newFlight(t.database.db, {
        flight_status_id: statusId,
        takeoff_time: '07:00:00',
        landing_time: '08:10:00',
      });
      for (const payload of [
        { scheduled_time: '09:00' },
        { teammates: [teammate] },
        { flight_status_id: 1, pilot_id: null },
      ]) {
        const refused = await call('PUT', `/api/flights/${id}`, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(409);
        expect(refused.json().message).toBe(FLIGHT_NOT_EDITABLE);
      }
      const row = await t.database.db
        .selectFrom('flights')
        .select('scheduled_time')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.scheduled_time.slice(0, 5)).toBe('06:30');
      // The status stays open: back to planned, then edits are allowed again.
      expect((await call('PUT', `/api/flights/${id}`, { flight_status_id: 1 })).statusCode).toBe(200);
      expect((await call('PUT', `/api/flights/${id}`, { scheduled_time: '09:00' })).statusCode).toBe(200);
    }
  });

  it('refuses registration changes on a not-editable flight (409)', async () => {
    const booking = await newBooking(t.database.db);
    const [a, b] = [await newPassenger(t.database.db, booking), await newPassenger(t.database.db, booking)];
    const id = await newFlight(t.database.db, {
      flight_status_id: 2,
      takeoff_time: '07:00:00',
      landing_time: '08:00:00',
    });
    await register(t.database.db, id, [a]);
    expect((await call('POST', '/api/registrations', { flight_id: id, passenger_id: b })).statusCode).toBe(409);
    const registration = await t.database.db
      .selectFrom('registrations')
      .select('id')
      .where('flight_id', '=', id)
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/registrations/${registration.id}`)).statusCode).toBe(409);
  });

  it('reads a month for the calendar: flights with seats left, events, pending passengers per day', async () => {
    const { db } = t.database;
    const balloon = await newBalloon(db, { passengers: 4 });
    const location = await newLocation(db);
    const flight = await newFlight(db, {
      scheduled_date: '2031-03-14',
      scheduled_time: '07:00:00',
      balloon_id: balloon,
      location_id: location,
    });
    await newFlight(db, { scheduled_date: '2031-04-20' });
    const booking = await newBooking(db, { passengers_number: 3 });
    await register(db, flight, [await newPassenger(db, booking)]);
    await db
      .insertInto('events')
      .values({ scheduled_date: '2031-03-14', scheduled_time: '18:00:00', title: 'Réunion pilotes' })
      .execute();
    const pending = await newBooking(db, { passengers_number: 5, booking_status_id: 1 });
    await db.insertInto('requested_dates').values({ booking_id: pending, date: '2031-03-14' }).execute();

    const response = await call('POST', '/api/planning/range', { from: '2031-03-01', to: '2031-03-31' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.flights).toHaveLength(1);
    expect(body.flights[0]).toMatchObject({
      id: flight,
      scheduled_date: '2031-03-14',
      passengers_count: 1,
      availability: 3,
      balloon: { id: balloon, passengers: 4 },
      location: { id: location },
    });
    expect(body.events.map((e: { title: string }) => e.title)).toEqual(['Réunion pilotes']);
    expect(body.pending_passengers).toEqual({ '2031-03-14': 5 });

    // An API key reads the flights of the read-only planning, never the staff's events.
    const { token } = await apiToken(t);
    const keyed = await call(
      'POST',
      '/api/planning/range',
      { from: '2031-03-01', to: '2031-03-31' },
      { authorization: `Bearer ${token}` },
    );
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json().events).toEqual([]);
    expect(keyed.json().flights).toHaveLength(1);
    // Who flies is never in the calendar's answer (the dashboard's week reads the same flights with their pilot).
    expect(keyed.json().flights[0]).not.toHaveProperty('pilot');
    expect(keyed.json().flights[0]).not.toHaveProperty('pilot_id');
  });

  it('keeps a range read only until a table it reads is written, by whatever writer', async () => {
    const { db } = t.database;
    const range = { from: '2032-05-01', to: '2032-05-31' };
    const read = async () => {
      const response = await call('POST', '/api/planning/range', range);
      expect(response.statusCode).toBe(200);
      return response.json() as {
        flights: { id: number; passengers_count: number; availability: number | null; location: unknown }[];
        events: { title: string }[];
        pending_passengers: Record<string, number>;
      };
    };
    const balloon = await newBalloon(db, { passengers: 6 });
    const flight = await newFlight(db, { scheduled_date: '2032-05-10', balloon_id: balloon });
    expect((await read()).flights.map((f) => f.id)).toEqual([flight]);
    expect(await read()).toEqual(await read());

    // Each write below goes straight to the database, as another process or an import would.
    const booking = await newBooking(db, { passengers_number: 2, booking_status_id: 1 });
    await register(db, flight, [await newPassenger(db, booking)]);
    expect((await read()).flights[0]).toMatchObject({ passengers_count: 1, availability: 5 });
    await db.updateTable('balloons').set({ passengers: 3 }).where('id', '=', balloon).execute();
    expect((await read()).flights[0]).toMatchObject({ availability: 2 });
    const location = await newLocation(db);
    await db.updateTable('flights').set({ location_id: location }).where('id', '=', flight).execute();
    expect((await read()).flights[0]?.location).toMatchObject({ id: location });
    await db.insertInto('requested_dates').values({ booking_id: booking, date: '2032-05-10' }).execute();
    expect((await read()).pending_passengers).toEqual({ '2032-05-10': 2 });
    await db.updateTable('bookings').set({ booking_status_id: 2 }).where('id', '=', booking).execute();
    expect((await read()).pending_passengers).toEqual({});
    await db
      .insertInto('events')
      .values({ scheduled_date: '2032-05-11', scheduled_time: '18:00:00', title: 'Briefing' })
      .execute();
    expect((await read()).events.map((e) => e.title)).toEqual(['Briefing']);
  });

  it('bounds the range read: real dates, in order, 42 days at most (422, never 500)', async () => {
    for (const payload of [
      { from: '2031-03-01', to: '2031-04-12' },
      { from: '2031-03-10', to: '2031-03-01' },
      { from: '2031-02-30', to: '2031-03-01' },
      { from: 'x', to: 'y' },
      {},
      { from: '2031-03-01', to: '2031-03-02', extra: 1 },
    ]) {
      const response = await call('POST', '/api/planning/range', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await call('POST', '/api/planning/range', { from: '2031-03-01', to: '2031-04-11' })).statusCode).toBe(200);
  });

  it('prints the operational flight plan: one A4 page with masses, crew and the passenger manifest', async () => {
    const { db } = t.database;
    const balloon = await newBalloon(db, {
      label: 'F-HÉLÈ',
      empty_mass: 420,
      gas_mass: 120,
      volume: 4000,
      envelope_temperature: 100,
    });
    const pilot = await newPilot(db);
    const flight = await newFlight(db, {
      balloon_id: balloon,
      pilot_id: pilot,
      location_id: await newLocation(db),
      takeoff_temperature: 12,
    });
    const booking = await newBooking(db, { number: 'PLAN-0001' });
    await register(db, flight, [
      await newPassenger(db, booking, {
        first_name: 'Éléonore',
        last_name: 'Lefèvre',
        ticket_number: 'PLAN-0001-01',
        weight: 61,
      }),
      await newPassenger(db, booking, {
        first_name: 'Noël',
        last_name: 'Çelik',
        ticket_number: 'PLAN-0001-02',
        weight: 82.5,
      }),
    ]);
    const response = await call('GET', `/api/flights/${flight}/operational-flight-plan.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="plan-de-vol-2026-06-15-06h30-${flight}.pdf"`,
    );
    const { text, pages } = await readPdf(response.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      'Plan de vol opérationnel',
      'Éléonore Lefèvre',
      'Noël Çelik',
      'PLAN-0001-01',
      'F-HÉLÈ',
      'Amélie Lefèvre',
      '143,5 kg',
      'Masse max. au décollage (calculée)',
    ]) {
      expect(text).toContain(expected);
    }
    // Plain French for the pilot: no reference to the specification's sections (issue 27).
    expect(text).not.toContain('§');
    expect((await call('GET', '/api/flights/999999/operational-flight-plan.pdf')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/flights/${flight}/operational-flight-plan.pdf` })).statusCode,
    ).toBe(401);
  });
});
