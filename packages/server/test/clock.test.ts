import { DEFAULT_TIME_ZONE, dayIn } from '@app/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { operatorTimeZone, setTimeZone, today } from '../src/core/clock.js';
import { Browser, createUser } from './auth/support.js';
import { newBooking, newFlight, newPassenger, register } from './builders.js';
import { createTestApp, engine, signIn, type TestApp } from './helpers.js';

// core/clock.ts: one 'today', the operator's, in the time zone of the setting operator_time_zone (Europe/Paris by
// default), whatever the zone of the server's own clock. Around midnight in Paris the UTC date is still yesterday's:
// the dashboard and the kept reads (the passengers' next flights) must both have turned the page.

// 30 June 2026, 22:30 UTC: already 1 July, 00:30, in Paris (UTC+2 in summer).
const AFTER_PARIS_MIDNIGHT = new Date('2026-06-30T22:30:00Z');
// One hour earlier: 23:30 on 30 June in Paris.
const BEFORE_PARIS_MIDNIGHT = new Date('2026-06-30T21:30:00Z');

describe('the operator’s day', () => {
  afterEach(() => {
    setTimeZone(DEFAULT_TIME_ZONE);
  });

  it('is the day in Paris by default, not the UTC one', () => {
    expect(operatorTimeZone()).toBe('Europe/Paris');
    expect(today(AFTER_PARIS_MIDNIGHT)).toBe('2026-07-01');
    expect(today(BEFORE_PARIS_MIDNIGHT)).toBe('2026-06-30');
    expect(dayIn('UTC', AFTER_PARIS_MIDNIGHT)).toBe('2026-06-30');
  });

  it('follows the zone it is given, and keeps the default for a name it does not know', () => {
    setTimeZone('America/Guadeloupe');
    expect(today(AFTER_PARIS_MIDNIGHT)).toBe('2026-06-30');
    setTimeZone('Mars/Olympus');
    expect(operatorTimeZone()).toBe('Europe/Paris');
  });
});

describe(`the dashboard and the kept reads across midnight in Paris on ${engine}`, () => {
  let t: TestApp;
  const zone = process.env.TZ;

  beforeAll(async () => {
    // The server's own clock in UTC, as on most hosts: its local date is not the operator's.
    process.env.TZ = 'UTC';
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  afterEach(() => {
    vi.useRealTimers();
    setTimeZone(DEFAULT_TIME_ZONE);
  });

  it('agree on the day: a flight of 30 June is no next flight once 1 July has begun in Paris', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BEFORE_PARIS_MIDNIGHT);
    const user = await createUser(t);
    const browser = new Browser(t);
    expect((await browser.login(user.email, user.password as string)).statusCode).toBe(200);
    const { db } = t.database;
    const passengerId = await newPassenger(db, await newBooking(db, { booking_status_id: 1 }));
    const flightId = await newFlight(db, { scheduled_date: '2026-06-30' });
    await register(db, flightId, passengerId);
    const url = `/api/passengers/${passengerId}?embed=next_flights`;
    const read = async () => {
      const dashboard = (await browser.request('GET', '/api/dashboard')).json() as { today: string };
      const passenger = (await browser.request('GET', url)).json() as { next_flights: { id: number }[] };
      return { day: dashboard.today, nextFlights: passenger.next_flights.map((flight) => flight.id) };
    };

    expect(await read()).toEqual({ day: '2026-06-30', nextFlights: [flightId] });
    // Kept: the same read again, same day.
    expect(await read()).toEqual({ day: '2026-06-30', nextFlights: [flightId] });

    // An hour later: still 30 June in UTC, 1 July in Paris; no write in between.
    vi.setSystemTime(AFTER_PARIS_MIDNIGHT);
    expect(await read()).toEqual({ day: '2026-07-01', nextFlights: [] });
  });

  it('reads the zone of the setting once it is saved', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(AFTER_PARIS_MIDNIGHT);
    const { headers } = await signIn(t, 'admin');
    const put = (value: string) =>
      t.app.inject({ method: 'PUT', url: '/api/settings/operator_time_zone', headers, payload: { value } });
    const unknown = await put('Europe/Atlantide');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.value).toEqual(['Fuseau horaire inconnu (exemple : Europe/Paris).']);

    expect((await put('America/Guadeloupe')).statusCode).toBe(200);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard', headers });
    expect(dashboard.json().today).toBe('2026-06-30');
    expect((await put('Europe/Paris')).statusCode).toBe(200);
    expect(operatorTimeZone()).toBe('Europe/Paris');
  });
});
