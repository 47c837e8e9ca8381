import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers.js';
import { Browser, createUser, signInWithPassword } from './support.js';

// Issue 10 users page: a user is deactivated rather than deleted when they have history; deactivation ends every
// session and pending link at once and refuses new sign-ins; the last sign-in is recorded.

describe(`user activity on ${engine}`, () => {
  let t: TestApp;
  let manager: Browser;
  beforeAll(async () => {
    t = await createTestApp();
    // manage_users without su: the admin role carries it in the seeded capabilities.
    ({ browser: manager } = await signInWithPassword(t, 'su'));
    const { db } = t.database;
    const su = await db.selectFrom('roles').select('id').where('slug', '=', 'su').executeTakeFirstOrThrow();
    const capability = await db
      .selectFrom('capabilities')
      .select('id')
      .where('slug', '=', 'manage_users')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_capabilities')
      .values({ role_id: su.id, capability_id: capability.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  afterAll(() => t.close());

  it('records the last sign-in, ends sessions on deactivation, refuses sign-in, and signs in again once reactivated', async () => {
    const user = await createUser(t, { role: 'operator' });
    const browser = new Browser(t);
    expect((await browser.login(user.email, user.password!)).statusCode).toBe(200);
    const listed = await manager.request('GET', `/api/users/${user.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().last_login_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(listed.json().is_active).toBe(1);

    const off = await manager.request('PUT', `/api/users/${user.id}`, { is_active: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(0);
    expect((await browser.request('GET', '/api/me')).statusCode).toBe(401);
    const again = await new Browser(t).login(user.email, user.password!);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBeTruthy();

    expect((await manager.request('PUT', `/api/users/${user.id}`, { is_active: 1 })).statusCode).toBe(200);
    expect((await new Browser(t).login(user.email, user.password!)).statusCode).toBe(200);
  });

  it('refuses to deactivate oneself and to delete a user with history (409), deletes one without', async () => {
    const me = await manager.request('GET', '/api/me');
    const self = await manager.request('PUT', `/api/users/${me.json().user.id}`, { is_active: 0 });
    expect(self.statusCode).toBe(422);
    const author = await createUser(t, { role: 'operator' });
    const booking = await t.database.db
      .insertInto('bookings')
      .values({ number: `H-${author.id}`, passengers_number: 1, booking_status_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('booking_notes')
      .values({
        booking_id: booking.id,
        content: 'Rappeler le client',
        user_id: author.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const refused = await manager.request('DELETE', `/api/users/${author.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('désactivez-le plutôt');
    const fresh = await createUser(t, { role: 'operator' });
    expect((await manager.request('DELETE', `/api/users/${fresh.id}`)).statusCode).toBe(204);
    expect((await manager.request('PUT', `/api/users/${fresh.id}`, { is_active: 'non' })).statusCode).toBe(404);
  });
});
