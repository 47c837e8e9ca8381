import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { CSRF_COOKIE, SESSION_COOKIE, SESSION_TTL_MS, sha256 } from '../../src/auth/session-format.js';
import { createTestApp, engine, type TestApp, testConfig } from '../helpers.js';
import { Browser, createUser, setCookieLine } from './support.js';

describe(`sessions on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sessionRow = (token: string) =>
    t.database.db.selectFrom('sessions').selectAll().where('id', '=', sha256(token)).executeTakeFirst();

  it('GET /csrf-cookie answers 204 with a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const line = setCookieLine(response, CSRF_COOKIE);
    expect(line).toMatch(/^XSRF-TOKEN=[\w-]{43};/);
    expect(line).not.toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
  });

  it('GET /csrf-cookie hands a signed-in browser its session token back (other tabs keep working)', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    const token = browser.cookies[CSRF_COOKIE];
    expect((await browser.request('GET', '/csrf-cookie')).statusCode).toBe(204);
    expect(browser.cookies[CSRF_COOKIE]).toBe(token);
    expect(
      (await browser.request('PUT', '/api/profile', { first_name: 'A', last_name: 'B', email: user.email })).statusCode,
    ).toBe(200);
  });

  it('signs in with the email in any case, stores the session hashed and rotates the XSRF token', async () => {
    const user = await createUser(t, { email: 'pilote.chef@example.test' });
    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const before = browser.cookies[CSRF_COOKIE];
    const response = await browser.request('POST', '/login', {
      email: '  Pilote.Chef@EXAMPLE.test ',
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      id: user.id,
      email: 'pilote.chef@example.test',
      role: { slug: 'admin' },
    });

    const sid = setCookieLine(response, SESSION_COOKIE);
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/);
    expect(sid).toMatch(/Path=\//);
    expect(sid).not.toMatch(/Secure/);
    const token = browser.sessionToken!;
    const row = await sessionRow(token);
    expect(row?.user_id).toBe(user.id);
    expect(row?.id).not.toBe(token);
    expect(browser.cookies[CSRF_COOKIE]).not.toBe(before);
    expect(row?.csrf_token).toBe(browser.cookies[CSRF_COOKIE]);
  });

  it('refuses a wrong password or an unknown email with the same French 422', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const expected = {
      message: 'Ces identifiants ne correspondent pas à nos enregistrements.',
      errors: { email: ['Ces identifiants ne correspondent pas à nos enregistrements.'] },
    };
    const wrong = await browser.request('POST', '/login', { email: user.email, password: 'pas-le-bon-mot' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(expected);
    const unknown = await browser.request('POST', '/login', { email: 'personne@example.test', password: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(expected);
    const noPassword = await createUser(t, { password: null });
    const invited = await browser.request('POST', '/login', { email: noPassword.email, password: '' });
    expect(invited.statusCode).toBe(422);
    expect(browser.sessionToken).toBeUndefined();
  });

  it('a new sign-in on the same browser replaces the previous session', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    const first = browser.sessionToken!;
    const again = await browser.request('POST', '/login', { email: user.email, password: user.password });
    expect(again.statusCode).toBe(200);
    expect(browser.sessionToken).not.toBe(first);
    expect(await sessionRow(first)).toBeUndefined();
  });

  it('GET /api/me answers user, global and settings', async () => {
    const user = await createUser(t, { role: 'admin', firstName: 'Élise' });
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    await t.database.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'ticketing_enabled').execute();
    const response = await browser.request('GET', '/api/me');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      user: {
        id: user.id,
        first_name: 'Élise',
        last_name: 'Durand',
        email: user.email,
        role_id: 2,
        role: { id: 2, slug: 'admin', label: 'Administrateur' },
        capabilities: ['manage_settings', 'manage_ticket_templates', 'manage_users'],
      },
      global: { app_name: expect.any(String), version: expect.any(String) },
      settings: { remoteOrdersImport: false, planningWidgetsEnabled: false, ticketingEnabled: true },
    });
    await t.database.db.updateTable('settings').set({ value: '0' }).where('key', '=', 'ticketing_enabled').execute();
  });

  it('POST /logout ends the session in the database', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    const token = browser.sessionToken!;
    const response = await browser.request('POST', '/logout', {});
    expect(response.statusCode).toBe(204);
    expect(await sessionRow(token)).toBeUndefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: 'Non authentifié.' });
  });

  it('slides the expiry, writing last_seen_at at most once a minute', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    const token = browser.sessionToken!;
    const { db } = t.database;
    const old = new Date(Date.now() - 5 * 60_000);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: old.toISOString(), expires_at: new Date(old.getTime() + SESSION_TTL_MS).toISOString() })
      .where('id', '=', sha256(token))
      .execute();
    expect((await browser.request('GET', '/api/me')).statusCode).toBe(200);
    const touched = await sessionRow(token);
    expect(Date.now() - Date.parse(touched!.last_seen_at)).toBeLessThan(10_000);
    expect(Date.parse(touched!.expires_at)).toBeGreaterThan(old.getTime() + SESSION_TTL_MS + 60_000);

    // Within the minute: no write at all (the row stays byte for byte the same).
    await db
      .updateTable('sessions')
      .set({ last_seen_at: touched!.last_seen_at })
      .where('id', '=', sha256(token))
      .execute();
    expect((await browser.request('GET', '/api/me')).statusCode).toBe(200);
    expect(await sessionRow(token)).toEqual(touched);
  });

  it('an expired session is refused (401 on reads, 419 on writes) and removed', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    const token = browser.sessionToken!;
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', sha256(token))
      .execute();
    const write = await browser.request('PUT', '/api/profile', { first_name: 'A', last_name: 'B', email: user.email });
    expect(write.statusCode).toBe(419);
    expect(write.json()).toEqual({ message: 'Session expirée, veuillez recharger la page.' });
    const read = await browser.request('GET', '/api/me');
    expect(read.statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('after an expired session, /csrf-cookie and /login work again (the dead cookie is dropped)', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    await t.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    const csrf = await browser.request('GET', '/csrf-cookie');
    expect(csrf.statusCode).toBe(204);
    expect(browser.sessionToken).toBeUndefined();
    browser.cookies[SESSION_COOKIE] = 'une-session-morte';
    const login = await browser.request('POST', '/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
  });

  it('lives in the database: a second server process on the same database knows the session', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.login(user.email, user.password!);
    const other = await buildApp({ config: testConfig(), database: t.database });
    try {
      const response = await other.inject({ method: 'GET', url: '/api/me', headers: browser.headers() });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(user.id);
      const logout = await other.inject({ method: 'POST', url: '/logout', headers: browser.headers(), payload: {} });
      expect(logout.statusCode).toBe(204);
      expect((await browser.request('GET', '/api/me')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('sets the Secure flag on both cookies when config.secureCookies', async () => {
    const app = await buildApp({ config: testConfig({ secureCookies: true }), database: t.database });
    try {
      const user = await createUser(t);
      const browser = new Browser({ app });
      const response = await browser.login(user.email, user.password!);
      expect(setCookieLine(response, SESSION_COOKIE)).toMatch(/; Secure/);
      expect(setCookieLine(response, CSRF_COOKIE)).toMatch(/; Secure/);
    } finally {
      await app.close();
    }
  });
});
