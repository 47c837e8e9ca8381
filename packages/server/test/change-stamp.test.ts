import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStamp, KeptWhileUnchanged } from '../src/db/change-stamp.js';
import { tableVersions } from '../src/engine/count-cache.js';
import { signInWithPassword } from './auth/support.js';
import { newBooking } from './builders.js';
import { createTestApp, engine, statementsDuring as statementsOf, type TestApp, type TestDatabase } from './helpers.js';
import { writeFromAnotherProcess } from './other-process.js';

// db/change-stamp.ts: on SQLite, what is read before every call (the session, the table versions) is read again
// only after a write, and a write by anyone — this process, another connection, another OS process — counts from
// the very next request. PostgreSQL has no stamp: everything is read every time there, as before.

describe('values kept while unchanged', () => {
  it('serves a value only under the stamp it was kept with, and drops everything when the stamp moves', () => {
    const kept = new KeptWhileUnchanged<number>(2);
    kept.set('1.1', 'a', 1);
    expect(kept.get('1.1', 'a')).toBe(1);
    expect(kept.get('1.2', 'a')).toBeUndefined();
    kept.set('1.2', 'b', 2);
    expect(kept.get('1.2', 'a')).toBeUndefined(); // dropped with its stamp, not served under the new one
    expect(kept.get('1.1', 'a')).toBeUndefined();
    kept.set('1.2', 'c', 3);
    kept.set('1.2', 'd', 4); // bounded: the oldest goes
    expect([kept.get('1.2', 'b'), kept.get('1.2', 'c'), kept.get('1.2', 'd')]).toEqual([undefined, 3, 4]);
  });
});

describe(`change stamp on ${engine}`, () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    // Another process opens it too.
    t = await createTestApp({ shared: true });
    database = t.database;
  });

  afterAll(async () => {
    await t.close();
  });

  const statementsDuring = (run: () => Promise<unknown>) => statementsOf(database.db, run);

  it.runIf(engine === 'postgres')('has no stamp on PostgreSQL', () => {
    expect(changeStamp(database.db)).toBeNull();
  });

  it.runIf(engine === 'sqlite')('moves on every write, ours or another process’s, and never on a read', async () => {
    const { db } = database;
    const first = changeStamp(db);
    expect(first).toMatch(/^\d+\.\d+$/);
    await sql`select count(*) from bookings`.execute(db);
    expect(changeStamp(db)).toBe(first);
    await newBooking(db, { booking_status_id: 1 });
    const afterOurs = changeStamp(db);
    expect(afterOurs).not.toBe(first);
    writeFromAnotherProcess(database.url, "update bookings set number_alt = 'AUTRE' where id = 1");
    const afterOther = changeStamp(db);
    expect(afterOther).not.toBe(afterOurs);
    await db.transaction().execute(async (trx) => {
      expect(changeStamp(trx)).toBeNull(); // a transaction reads everything itself
    });
  });

  it('reads the session once while nothing is written, and again after any write', async () => {
    const { browser } = await signInWithPassword(t);
    const sessionReads = async () =>
      (await statementsDuring(() => browser.request('GET', '/api/me'))).filter((text) => /from "sessions"/.test(text))
        .length;
    await sessionReads();
    expect(await sessionReads()).toBe(engine === 'sqlite' ? 0 : 1);
    await newBooking(database.db, { booking_status_id: 1 });
    expect(await sessionReads()).toBe(1);
  });

  it('signs out, and changes a role, from the next request when another process writes it', async () => {
    const { browser, user } = await signInWithPassword(t, 'admin');
    expect((await browser.request('GET', '/api/me')).json().user.role.slug).toBe('admin');
    expect((await browser.request('GET', '/api/me')).json().user.role.slug).toBe('admin'); // kept now on SQLite
    writeFromAnotherProcess(
      database.url,
      `update users set role_id = (select id from roles where slug = 'operator') where id = ${user.id}`,
    );
    expect((await browser.request('GET', '/api/me')).json().user.role.slug).toBe('operator');
    expect((await browser.request('GET', '/api/users')).statusCode).toBe(403);
    writeFromAnotherProcess(database.url, `delete from sessions where user_id = ${user.id}`);
    expect((await browser.request('GET', '/api/me')).statusCode).toBe(401);
  });

  it('reads the table versions once while nothing is written, and sees another process’s write', async () => {
    const { db } = database;
    await tableVersions(db, ['bookings']);
    const versionReads = async () =>
      (await statementsDuring(() => tableVersions(db, ['bookings', 'passengers']))).filter((text) =>
        /table_versions/.test(text),
      ).length;
    expect(await versionReads()).toBe(engine === 'sqlite' ? 0 : 1);
    const before = (await tableVersions(db, ['bookings']))?.get('bookings');
    writeFromAnotherProcess(database.url, "update bookings set number_alt = 'AUTRE-2' where id = 1");
    const after = (await tableVersions(db, ['bookings']))?.get('bookings');
    expect(after).not.toBe(before);
    expect(await versionReads()).toBe(engine === 'sqlite' ? 0 : 1);
  });
});
