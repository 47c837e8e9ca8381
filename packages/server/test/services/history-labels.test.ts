import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBooking, newCustomer, newFlight, newLocation, newPassenger, newPilot } from '../builders.js';
import { createTestApp, engine, signIn, statementsDuring, type TestApp } from '../helpers.js';

// Issue 27: the history names records as staff know them (engine/history-labels.ts): a booking by its number, a
// location by its label, the author of a note by their name, a flight by its day and time; named on the server
// while the record exists, and as written when it is gone; persons never written (their data follows them).

type Entry = {
  id: number;
  resource: string;
  record_id: number;
  action: string;
  changes: string;
  record_label: string | null;
  labels: string | null;
  element: string;
  details: string;
};

describe(`the history names records on ${engine}`, () => {
  let t: TestApp;
  let operator: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: operator } = await signIn(t, 'operator'));
    ({ headers: admin } = await signIn(t, 'admin'));
  });
  afterAll(() => t.close());

  const labelsOf = (entry: Entry | undefined) => JSON.parse(entry?.labels ?? 'null');
  const bookingHistory = async (booking: number): Promise<Entry[]> => {
    const page = await t.app.inject({ method: 'GET', url: `/api/bookings/${booking}/history`, headers: operator });
    expect(page.statusCode).toBe(200);
    return page.json().data;
  };
  const put = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'PUT', url, headers: operator, payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("says a booking's locations by their labels, the booking by its number, and keeps a deleted location's", async () => {
    const { db } = t.database;
    const chambley = await newLocation(db, { label: 'Chambley-Bussières' });
    const metz = await newLocation(db, { label: 'Metz Frescaty' });
    const booking = await newBooking(db, { number: '2026-00263', location_id: chambley });
    await put(`/api/bookings/${booking}`, { location_id: metz });

    const [change] = await bookingHistory(booking);
    expect(change).toMatchObject({ resource: 'bookings', action: 'update', record_label: '2026-00263' });
    expect(JSON.parse(change!.changes)).toEqual({ location_id: [chambley, metz] });
    expect(labelsOf(change)).toEqual({ location_id: ['Chambley-Bussières', 'Metz Frescaty'] });
    expect(change!.element).toBe('Réservation 2026-00263');
    expect(change!.details).toBe('Lieu : Chambley-Bussières → Metz Frescaty');

    // Written with the entry: the names as they were.
    const stored = await db
      .selectFrom('history_entries')
      .select(['record_label', 'labels'])
      .where('id', '=', change!.id)
      .executeTakeFirstOrThrow();
    expect(stored.record_label).toBe('2026-00263');
    expect(JSON.parse(stored.labels ?? '{}')).toEqual({ location_id: ['Chambley-Bussières', 'Metz Frescaty'] });

    // The old location deleted: still its label. The new one renamed: its label of today.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/locations/${chambley}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    await put(`/api/locations/${metz}`, { label: 'Metz-Frescaty (BA 128)' });
    const [again] = await bookingHistory(booking);
    expect(labelsOf(again)).toEqual({ location_id: ['Chambley-Bussières', 'Metz-Frescaty (BA 128)'] });

    // The location's own entries name it too, its deletion included.
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/history?page=1&filters=resource|=|locations,record_id|=|${chambley}`,
      headers: admin,
    });
    expect(log.json().data.map((e: Entry) => `${e.action} ${e.element}`)).toEqual(['delete Lieu Chambley-Bussières']);
  });

  it('names the author of a note, and the booking a passenger belongs to', async () => {
    const { db } = t.database;
    const booking = await newBooking(db, { number: '2026-00401' });
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/booking-notes',
      headers: operator,
      payload: { booking_id: booking, content: 'Client à rappeler' },
    });
    expect(note.statusCode).toBe(201);
    const passenger = await t.app.inject({
      method: 'POST',
      url: '/api/passengers',
      headers: operator,
      payload: { booking_id: booking, ticket_number: 'H-401-1', first_name: 'Jeanne', last_name: 'Moreau' },
    });
    expect(passenger.statusCode).toBe(201);
    const [created, noted] = await bookingHistory(booking);
    expect(noted).toMatchObject({ resource: 'booking-notes', record_label: null });
    expect(noted!.element).toBe(`Note de réservation n° ${note.json().id}`);
    expect(labelsOf(noted)).toMatchObject({ user_id: [null, 'Test operator'], booking_id: [null, '2026-00401'] });
    expect(noted!.details).toContain('Auteur : Test operator');
    expect(noted!.details).toContain('Réservation : 2026-00401');
    expect(created).toMatchObject({ resource: 'passengers', record_label: 'Jeanne Moreau' });
    expect(created!.element).toBe('Passager Jeanne Moreau');
  });

  it('names a flight by its day and time, a pilot by their name, and a person only while they exist', async () => {
    const { db } = t.database;
    const flight = await newFlight(db, { scheduled_date: '2032-07-14', scheduled_time: '06:45:00' });
    const pilot = await newPilot(db, { first_name: 'Amélie', last_name: 'Lefèvre' });
    await put(`/api/flights/${flight}`, { pilot_id: pilot });
    const flightPage = await t.app.inject({ method: 'GET', url: `/api/flights/${flight}/history`, headers: operator });
    const [flightEntry] = flightPage.json().data as Entry[];
    expect(flightEntry!.element).toBe('Vol du 14/07/2032 à 06:45');
    expect(flightEntry!.details).toBe('Pilote : — → Amélie Lefèvre');

    // A customer's name is read while the customer exists, never written: once deleted, their number only.
    const claire = await newCustomer(db, { first_name: 'Claire', last_name: 'Martin' });
    const company = await newCustomer(db, { customer_type_id: 3, company_name: 'Ballons & Cie', last_name: 'Roux' });
    const booking = await newBooking(db, { customer_id: claire });
    await put(`/api/bookings/${booking}`, { customer_id: company });
    const [named] = await bookingHistory(booking);
    expect(labelsOf(named)).toEqual({ customer_id: ['Claire Martin', 'Ballons & Cie'] });
    const written = await db
      .selectFrom('history_entries')
      .select(['labels'])
      .where('id', '=', named!.id)
      .executeTakeFirstOrThrow();
    expect(written.labels ?? '').not.toContain('Claire');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/customers/${claire}`, headers: operator });
    expect(removed.statusCode).toBe(204);
    const [gone] = await bookingHistory(booking);
    expect(labelsOf(gone)).toEqual({ customer_id: [`n° ${claire} (supprimé)`, 'Ballons & Cie'] });
  });

  it('names entries written before names were kept while their records exist, else by number', async () => {
    const { db } = t.database;
    const booking = await newBooking(db, { number: '2026-00500' });
    const location = await newLocation(db, { label: 'Lunéville' });
    // As migration 0020 wrote them: no names.
    await db
      .insertInto('history_entries')
      .values({
        created_at: new Date().toISOString(),
        actor: 'Ancien',
        resource: 'bookings',
        record_id: booking,
        action: 'update',
        changes: JSON.stringify({ location_id: [987_654, location] }),
        booking_id: booking,
      })
      .execute();
    const [old] = await bookingHistory(booking);
    expect(old).toMatchObject({ record_label: '2026-00500', element: 'Réservation 2026-00500' });
    expect(labelsOf(old)).toEqual({ location_id: ['n° 987654 (supprimé)', 'Lunéville'] });
  });

  it('writes the same names in the CSV export', async () => {
    const { db } = t.database;
    const from = await newLocation(db, { label: 'Pont-à-Mousson' });
    const to = await newLocation(db, { label: 'Nancy-Essey' });
    const booking = await newBooking(db, { number: '2026-00777', location_id: from });
    await put(`/api/bookings/${booking}`, { location_id: to });
    const columns = JSON.stringify([
      ['Élément', 'element'],
      ['Modifications', 'details'],
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/history?format=csv&filters=record_id|=|${booking},resource|=|bookings&columns=${encodeURIComponent(columns)}`,
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Réservation 2026-00777;Lieu : Pont-à-Mousson → Nancy-Essey\r\n');
    // Without columns, every field: the names beside the ids.
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/history?format=csv&filters=record_id|=|${booking},resource|=|bookings`,
      headers: admin,
    });
    expect(all.body.split('\r\n')[0]).toContain('record_label;labels;element;details');
    expect(all.body).toContain('2026-00777');
    expect(all.body).toContain('Nancy-Essey');
  });

  it('reads the names of a page of 50 entries with one statement per table, as for 5', async () => {
    const { db } = t.database;
    const locations = [await newLocation(db), await newLocation(db)];
    for (let i = 0; i < 25; i += 1) {
      const booking = await newBooking(db, { location_id: locations[0] });
      await put(`/api/bookings/${booking}`, { location_id: locations[1] });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/booking-notes',
        headers: operator,
        payload: { booking_id: booking, content: `Note ${i}` },
      });
      expect(created.statusCode).toBe(201);
      await newPassenger(db, booking);
    }
    // A fresh read each time: the kept answers (http/kept-reads.ts) would hide the statements. Compared: the
    // statements that read names (bookings, users, locations), and only those. Not the page's own (its ids, rows and
    // total, some of them kept between reads), nor the table versions, the signed-in session (read and touched once
    // in a while, auth/sessions.ts) or a background job's read of system_state: CI runs under load counted one of
    // those in one read and not the other.
    const read = async (perPage: number) =>
      (
        await statementsDuring(db, async () => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/api/history?page=1&per_page=${perPage}`,
            headers: { ...admin, 'cache-control': 'no-cache' },
          });
          expect(res.statusCode).toBe(200);
          expect(res.json().data).toHaveLength(perPage);
          for (const entry of res.json().data as Entry[]) expect(entry.details).not.toMatch(/Lieu : n° /);
        })
      ).filter((text) => /from "(locations|bookings|users)"/.test(text));
    const few = await read(5);
    const page = await read(50);
    expect(page.length, JSON.stringify({ few, page }, null, 1)).toBe(few.length);
    const named = (table: string) => page.filter((text) => new RegExp(`from "${table}"`).test(text)).length;
    for (const table of ['locations', 'bookings', 'users']) expect(named(table), table).toBe(1);
  });
});
