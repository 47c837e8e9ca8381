import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/database.js';
import { lockRow } from '../src/db/row-lock.js';
import { newBooking } from './builders.js';
import { createTestApp, engine, signIn, type TestApp } from './helpers.js';

// A booking's or a flight's row lock (db/row-lock.ts) makes two writers of the same row take turns, and writes
// nothing: the table's version, which drops every kept answer and total reading it, stays where it was.

describe(`row locks on ${engine}`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(() => t.close());

  const versionOf = async (table: string) =>
    String(
      (await t.database.db.selectFrom('table_versions').select('version').where('name', '=', table).executeTakeFirst())
        ?.version,
    );

  it("takes the booking's lock for a passenger's write without moving the bookings' version", async () => {
    const booking = await newBooking(t.database.db, { booking_status_id: 1, passengers_number: 2 });
    const bookings = await versionOf('bookings');
    const passengers = await versionOf('passengers');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/passengers',
      headers,
      payload: {
        booking_id: booking,
        ticket_number: `V-${booking}`,
        first_name: 'Inès',
        last_name: 'Verrou',
        is_referent: true,
      },
    });
    expect(answer.statusCode).toBe(201);
    expect(await versionOf('passengers')).not.toBe(passengers);
    expect(await versionOf('bookings')).toBe(bookings);
  });

  // On SQLite the lock is the database's write lock, taken by `begin immediate` (concurrent-writers.test.ts): a
  // second writer in this process would block the thread holding the first.
  it.runIf(engine === 'postgres')('makes a second writer of the same row wait for the first one', async () => {
    const booking = await newBooking(t.database.db, { booking_status_id: 1 });
    const other = createDatabase(t.database.url);
    const steps: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = t.database.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'bookings', booking);
        steps.push('first locked');
        await held;
        steps.push('first done');
      });
      while (!steps.length) await delay(10);
      const second = other.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'bookings', booking);
        steps.push('second locked');
      });
      await delay(300);
      expect(steps).toEqual(['first locked']);
      release();
      await Promise.all([first, second]);
      expect(steps).toEqual(['first locked', 'first done', 'second locked']);
    } finally {
      release();
      await other.destroy();
    }
  });
});
