import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nextBookingNumber, nextTicketNumber, parisYear } from '../../src/services/booking-numbers.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { newBooking, newPassenger } from './builders.js';

describe(`booking and ticket numbers on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.deleteFrom('bookings').execute();
  });

  const june2026 = new Date('2026-06-15T10:00:00Z');

  it('starts the year at 00001', async () => {
    expect(await nextBookingNumber(t.database.db, june2026)).toBe('2026-00001');
  });

  it('follows the highest number of the year, never filling gaps', async () => {
    const { db } = t.database;
    await newBooking(db, { number: '2026-00001' });
    await newBooking(db, { number: '2026-00007' });
    await newBooking(db, { number: '2026-00003' });
    expect(await nextBookingNumber(db, june2026)).toBe('2026-00008');
  });

  it('takes alternative numbers into account', async () => {
    const { db } = t.database;
    await newBooking(db, { number: '2026-00002' });
    await newBooking(db, { number: 'WEB-1', number_alt: '2026-00042' });
    expect(await nextBookingNumber(db, june2026)).toBe('2026-00043');
  });

  it('ignores numbers of other years and hand-typed variants', async () => {
    const { db } = t.database;
    await newBooking(db, { number: '2025-00950' });
    await newBooking(db, { number: '2026-00004' });
    await newBooking(db, { number: '2026-00012-bis' });
    await newBooking(db, { number: '2026-ABCDE' });
    await newBooking(db, { number: '2026-9999999' });
    await newBooking(db, { number: '2027-00100' });
    expect(await nextBookingNumber(db, june2026)).toBe('2026-00005');
  });

  it('restarts at 00001 when the year changes in Paris, even before it changes in UTC', async () => {
    const { db } = t.database;
    await newBooking(db, { number: '2025-00950' });
    const newYearInParis = new Date('2025-12-31T23:30:00Z');
    expect(parisYear(newYearInParis)).toBe(2026);
    expect(await nextBookingNumber(db, newYearInParis)).toBe('2026-00001');
    expect(await nextBookingNumber(db, new Date('2025-12-31T22:30:00Z'))).toBe('2025-00951');
  });

  it('answers GET /api/booking-next-number with the current year', async () => {
    const year = parisYear();
    await newBooking(t.database.db, { number: `${year}-00041` });
    const res = await t.app.inject({ method: 'GET', url: '/api/booking-next-number', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ number: `${year}-00042` });
  });

  it('proposes the next two-digit ticket index of a booking', async () => {
    const { db } = t.database;
    const id = await newBooking(db, { number: '2026-00003' });
    expect(await nextTicketNumber(db, id)).toBe('2026-00003-01');
    await newPassenger(db, id, { ticket_number: '2026-00003-01' });
    await newPassenger(db, id, { ticket_number: '2026-00003-04' });
    await newPassenger(db, id, { ticket_number: 'CADEAU-77' });
    const res = await t.app.inject({ method: 'GET', url: `/api/booking-next-ticket-number/${id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ticket_number: '2026-00003-05' });
  });

  it('does not mistake another booking whose number extends this one', async () => {
    const { db } = t.database;
    const id = await newBooking(db, { number: '2026-00003' });
    const other = await newBooking(db, { number: '2026-00003-B' });
    await newPassenger(db, other, { ticket_number: '2026-00003-B-09' });
    expect(await nextTicketNumber(db, id)).toBe('2026-00003-01');
  });

  it('answers 404 for an unknown booking', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/booking-next-ticket-number/999999', headers });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/booking-next-ticket-number/abc', headers });
    expect(bad.statusCode).toBe(404);
  });
});
