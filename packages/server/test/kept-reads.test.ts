import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser, createUser, signInWithPassword } from './auth/support.js';
import { newBalloon, newBooking, newFlight, newPassenger, register } from './builders.js';
import { createTestApp, engine, statementsDuring as statementsOf, type TestApp, type TestDatabase } from './helpers.js';
import { writeFromAnotherProcess } from './other-process.js';

// http/kept-reads.ts: a generic read is answered again from its kept bytes while the database is unchanged, and
// computed afresh from the very next request after any write (ours, another connection's, another process's), for
// another caller, on another day, or when the caller asks for no cache.

describe(`kept reads on ${engine}`, () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    // Another process writes to it.
    t = await createTestApp({ shared: true });
    database = t.database;
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const statementsDuring = (run: () => Promise<unknown>) => statementsOf(database.db, run);

  it('answers the same read again without reading the data, and recomputes after a write through the API', async () => {
    const { browser } = await signInWithPassword(t);
    const flightId = await newFlight(database.db, { scheduled_date: '2026-07-01' });
    const url = `/api/flights/${flightId}?embed=location,pilot&count=passengers&append=flight_masses`;
    const first = await browser.request('GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    let again: Awaited<ReturnType<Browser['request']>> | undefined;
    const statements = await statementsDuring(async () => {
      again = await browser.request('GET', url);
    });
    expect(again?.body).toBe(first.body);
    // SQLite: not even the session (db/change-stamp.ts); PostgreSQL: the session's statement only. Besides, the
    // maintenance flag is read again when its one-second cache has run out, which a loaded machine can take between
    // the two requests: it is not the data.
    const read = statements.filter((text) => !/from "system_state"/.test(text));
    expect(read.filter((text) => !/from "sessions"/.test(text))).toEqual([]);
    expect(read.length).toBe(engine === 'sqlite' ? 0 : 1);

    const updated = await browser.request('PUT', `/api/flights/${flightId}`, { scheduled_time: '18:30:00' });
    expect(updated.statusCode).toBe(200);
    expect((await browser.request('GET', url)).json().scheduled_time).toBe('18:30:00');
  });

  it('sees a write by another process from the next request, on a detail read and on a list page', async () => {
    const { browser } = await signInWithPassword(t);
    const bookingId = await newBooking(database.db, { booking_status_id: 1, number_alt: 'AVANT' });
    const detail = `/api/bookings/${bookingId}`;
    const list = `/api/bookings?filters=id|=|${bookingId}&page=1`;
    expect((await browser.request('GET', detail)).json().number_alt).toBe('AVANT');
    expect((await browser.request('GET', list)).json().data[0].number_alt).toBe('AVANT');
    expect((await browser.request('GET', detail)).json().number_alt).toBe('AVANT'); // kept
    writeFromAnotherProcess(database.url, `update bookings set number_alt = 'APRES' where id = ${bookingId}`);
    expect((await browser.request('GET', detail)).json().number_alt).toBe('APRES');
    expect((await browser.request('GET', list)).json().data[0].number_alt).toBe('APRES');
  });

  it('keeps each caller’s own answer: what a super-user reads is never served to an administrator', async () => {
    await database.db.deleteFrom('settings').where('key', '=', 'woocommerce_url').execute();
    await database.db
      .insertInto('settings')
      .values({ key: 'woocommerce_url', value: 'https://boutique.test' })
      .execute();
    const su = await signInWithPassword(t, 'su');
    const admin = await signInWithPassword(t, 'admin');
    const keys = async (browser: Browser) =>
      ((await browser.request('GET', '/api/settings')).json() as { key: string }[]).map((row) => row.key);
    expect(await keys(su.browser)).toContain('woocommerce_url');
    expect(await keys(su.browser)).toContain('woocommerce_url'); // kept for the super-user
    expect(await keys(admin.browser)).not.toContain('woocommerce_url');
  });

  it('computes afresh on another day: the next flights start today', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:59:40 in Paris (UTC+1 in March), the operator's day (core/clock.ts), whatever the test machine's zone.
    vi.setSystemTime(new Date('2031-03-10T22:59:40Z'));
    const user = await createUser(t);
    const browser = new Browser(t);
    expect((await browser.login(user.email, user.password as string)).statusCode).toBe(200);
    const bookingId = await newBooking(database.db, { booking_status_id: 1 });
    const passengerId = await newPassenger(database.db, bookingId);
    const flightId = await newFlight(database.db, { scheduled_date: '2031-03-10' });
    await register(database.db, flightId, passengerId);
    const url = `/api/passengers/${passengerId}?embed=next_flights`;
    const nextFlights = async () =>
      ((await browser.request('GET', url)).json().next_flights as { id: number }[]).map((f) => f.id);
    expect(await nextFlights()).toEqual([flightId]);
    expect(await nextFlights()).toEqual([flightId]);
    // 40 s later: the next day in Paris, no write in between (the session is touched once a minute at most).
    vi.setSystemTime(new Date('2031-03-10T23:00:20Z'));
    expect(await nextFlights()).toEqual([]);
  });

  it('keeps the planning’s day per day asked (a read by POST), until a flight is added', async () => {
    const { browser } = await signInWithPassword(t);
    const first = await newFlight(database.db, { scheduled_date: '2032-05-03' });
    const flightsOf = async (day: string) =>
      ((await browser.request('POST', '/api/planning/day', { day })).json().items as { kind: string; id: number }[])
        .filter((item) => item.kind === 'flight')
        .map((item) => item.id);
    expect(await flightsOf('2032-05-03')).toEqual([first]);
    expect(await flightsOf('2032-05-04')).toEqual([]);
    const again = await statementsDuring(() => flightsOf('2032-05-03'));
    expect(again.some((text) => /from "flights"/.test(text))).toBe(false);
    const second = await newFlight(database.db, { scheduled_date: '2032-05-03', scheduled_time: '18:00:00' });
    expect(await flightsOf('2032-05-03')).toEqual([first, second]);
    const range = await browser.request('POST', '/api/planning/range', { from: '2032-05-01', to: '2032-05-07' });
    expect(range.statusCode).toBe(200);
    expect(range.body).toBe(
      (await browser.request('POST', '/api/planning/range', { from: '2032-05-01', to: '2032-05-07' })).body,
    );
  });

  // PostgreSQL reads every table's version with the session: a read's kept totals, terms and answers compare with
  // them, and read no version again. Read before anything the request computes, they still follow another process's
  // write from the next request.
  it.runIf(engine === 'postgres')(
    'compares the caches of a read with the versions read with its session, and follows the next write',
    async () => {
      const { browser } = await signInWithPassword(t);
      const bookingId = await newBooking(database.db);
      await newPassenger(database.db, bookingId, { first_name: 'Anne', last_name: 'Quesnoy' });
      const fresh = (url: string) =>
        t.app.inject({ method: 'GET', url, headers: { ...browser.headers(), 'cache-control': 'no-cache' } });
      const searched = '/api/bookings?search=Quesnoy&embed=referent_passenger&page=1';
      expect((await fresh(searched)).json().count).toBe(1);
      // Its total is kept now: the next read guesses its walk from the highest id, and keeps that too.
      await fresh(searched);
      await fresh('/api/dashboard');
      const versionReads = (statements: string[]) => statements.filter((text) => text.includes('table_versions'));
      // The search: its kept total, terms and highest id, compared with the session's versions.
      const search = await statementsDuring(() => fresh(searched));
      expect(search.length).toBeGreaterThan(1);
      expect(versionReads(search)).toHaveLength(1);
      expect(versionReads(search)[0]).toMatch(/json_object_agg\(name, version\)/);
      expect(search.filter((text) => /select max\(/.test(text))).toEqual([]);
      // The kept dashboard: the session's statement and nothing else.
      const dashboard = await statementsDuring(() => fresh('/api/dashboard'));
      expect(dashboard).toHaveLength(1);
      expect(versionReads(dashboard)).toHaveLength(1);
      // A flight's page with its flight file's warnings: the balloon's kept hours before the day.
      const flightId = await newFlight(database.db, { balloon_id: await newBalloon(database.db) });
      const flightPage = `/api/flights/${flightId}?append=flight_masses,compliance`;
      await fresh(flightPage);
      const flight = await statementsDuring(() => fresh(flightPage));
      expect(flight.length).toBeGreaterThan(1);
      expect(versionReads(flight)).toHaveLength(1);
      writeFromAnotherProcess(
        database.url,
        `with b as (insert into bookings (number, passengers_number, booking_status_id, booked_at)
          values ('QUESNOY-2', 1, 1, '2026-03-02') returning id)
        insert into passengers (booking_id, first_name, last_name, weight) select id, 'Paul', 'Quesnoy', 80 from b`,
      );
      const after = (await fresh(searched)).json();
      expect(after.count).toBe(2);
      expect(after.data.map((row: { number: string }) => row.number)).toContain('QUESNOY-2');
    },
  );

  it('computes afresh when the caller asks for no cache, and never keeps an error', async () => {
    const { browser } = await signInWithPassword(t);
    const flightId = await newFlight(database.db);
    const url = `/api/flights/${flightId}?embed=location`;
    await browser.request('GET', url);
    const fresh = await statementsDuring(() =>
      t.app.inject({ method: 'GET', url, headers: { ...browser.headers(), 'cache-control': 'no-cache' } }),
    );
    expect(fresh.some((text) => /from "flights"/.test(text))).toBe(true);

    const missing = `/api/flights/${flightId + 1000}`;
    expect((await browser.request('GET', missing)).statusCode).toBe(404);
    const retried = await statementsDuring(() => browser.request('GET', missing));
    expect(retried.some((text) => /from "flights"/.test(text))).toBe(true);
  });
});
