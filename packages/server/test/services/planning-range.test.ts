import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planningRange, planningRangeJson } from '../../src/services/planning-range.js';
import { createTestApp, engine, type TestApp } from '../helpers.js';
import { newBalloon, newBooking, newFlight } from './builders.js';

// The planning calendar's week or month (services/planning-range.ts) is kept in two parts: its flights and events,
// and its pending passengers per day. A booking's write (most of an office's writes) recomputes the second only.

describe(`planning range parts on ${engine}`, () => {
  let t: TestApp;
  const from = '2033-03-01';
  const to = '2033-03-31';
  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const balloon = await newBalloon(db, { label: 'F-HRNG', passengers: 6 });
    await newFlight(db, { scheduled_date: '2033-03-10', scheduled_time: '07:00:00', balloon_id: balloon });
    const booking = await newBooking(db, { booking_status_id: 1, passengers_number: 3 });
    await db.insertInto('requested_dates').values({ booking_id: booking, date: '2033-03-10' }).execute();
  });
  afterAll(() => t.close());

  it('answers the same JSON from its parts as the whole answer serialised', async () => {
    const { db } = t.database;
    const answer = await planningRange(db, from, to);
    expect(answer.flights).toHaveLength(1);
    expect(answer.pending_passengers).toEqual({ '2033-03-10': 3 });
    expect(JSON.parse((await planningRangeJson(db, from, to)).toString('utf8'))).toEqual(answer);
    expect((await planningRangeJson(db, from, to)).toString('utf8')).toBe(JSON.stringify(answer));
  });

  it("keeps its flights through a booking's write, and follows a flight's write at once", async () => {
    const { db } = t.database;
    const before = await planningRange(db, from, to);
    const booking = await newBooking(db, { booking_status_id: 1, passengers_number: 2 });
    await db.insertInto('requested_dates').values({ booking_id: booking, date: '2033-03-12' }).execute();
    const afterSale = await planningRange(db, from, to);
    expect(afterSale.pending_passengers).toEqual({ '2033-03-10': 3, '2033-03-12': 2 });
    // The same kept array: not read again, not serialised again.
    expect(afterSale.flights).toBe(before.flights);

    const flight = await newFlight(db, { scheduled_date: '2033-03-20', scheduled_time: '19:00:00' });
    const afterFlight = await planningRange(db, from, to);
    expect(afterFlight.flights.map((f) => f.id)).toContain(flight);
    // The pending passengers read the flights too (who has flown): read again, the same.
    expect(afterFlight.pending_passengers).toEqual(afterSale.pending_passengers);
  });
});
