import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessEntry } from '../../src/auth/plugin.js';
import { isApiPath } from '../../src/auth/policy.js';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../src/auth/session-format.js';
import { anonymousCsrf } from '../auth/support.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// Every route the app registers is enumerated from the auth plugin's onRoute table (app.accessTable), so a route
// added tomorrow is covered by these checks without touching this file. Requests are refused by the onRequest
// hook before any handler runs: nothing here changes data.

const UNAUTHENTICATED = { message: 'Non authentifié.' };
const CSRF = { message: 'Session expirée, veuillez recharger la page.' };

/** A concrete URL for a route pattern: ids become 1, other parameters and wildcards a word. */
const concrete = (url: string) =>
  url
    .replace(/:(id|[a-zA-Z]*Id)(\([^)]*\))?/g, '1')
    .replace(/:[a-zA-Z_]+(\([^)]*\))?/g, 'x')
    .replace(/\*/g, 'x');

const isMutating = (route: AccessEntry) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
/** Anonymous routes act for nobody (the widget's request, core/context.ts isAnonymous): no token to forge. */
const isForgeable = (route: AccessEntry) => isMutating(route) && !route.policy.isAnonymous;
const label = (route: AccessEntry) => `${route.method} ${route.url}`;

describe(`route access on ${engine}`, () => {
  let t: TestApp;
  let routes: AccessEntry[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = t.app.accessTable.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  });
  afterAll(() => t.close());

  const inject = (route: AccessEntry, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      headers,
      ...(isMutating(route) ? { payload: {} } : {}),
    });

  it('knows the routes of every area (the table is filled by the onRoute hook)', () => {
    const urls = routes.map(label);
    for (const expected of [
      'POST /login',
      'POST /logout',
      'GET /csrf-cookie',
      'GET /api/me',
      'POST /api/users',
      'PUT /api/roles/:id/capabilities',
      'GET /api/flights/:id/records',
      'POST /api/flights/:id/records',
      'POST /api/flights/:id/records/correction',
      'GET /api/flights/:id/records/:file',
      'GET /api/pilots/:id/logbook',
      'GET /api/balloons/:id/technical-log',
      'POST /api/api-clients',
      'POST /api/bookings/:id/space-link',
      'DELETE /api/bookings/:id/space-link',
      'POST /api/bookings/:id/space-link/email',
      'POST /api/flights/:id/weight-changes/seen',
      'GET /api/field/flights',
      'GET /api/field/flights/:id',
      'POST /api/field/sync',
      'GET /api/flights/:id/field-boarding',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('every non-public /api route answers 401 without a session (writes carry a valid XSRF pair)', async () => {
    const guarded = routes.filter((r) => isApiPath(r.url) && r.policy.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const response = await inject(route, isMutating(route) ? anonymousCsrf() : {});
      expect(response.statusCode, label(route)).toBe(401);
      expect(response.json(), label(route)).toEqual(UNAUTHENTICATED);
    }
  });

  it('an unknown /api path answers 401 without a session, 404 with one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/nimporte-quoi' })).statusCode).toBe(401);
    const user = await signIn(t, 'operator');
    expect((await t.app.inject({ method: 'GET', url: '/api/nimporte-quoi', headers: user.headers })).statusCode).toBe(
      404,
    );
  });

  it('every mutating route, /login and the password flows included, answers 419 without the X-XSRF-TOKEN header', async () => {
    const user = await signIn(t, 'su');
    const { [CSRF_HEADER]: _dropped, ...withoutHeader } = user.headers;
    // Acting for nobody is a decision taken route by route: this list grows only on purpose.
    expect(routes.filter((r) => r.policy.isAnonymous).map(label)).toEqual([
      'GET /api/public/planning',
      'POST /api/public/registration-requests',
      // Issue 28: the passenger's space, opened by its link alone (the token is the key).
      'GET /api/space/:token',
      'PUT /api/space/:token/passengers/:passengerId',
      'POST /api/space/:token/passengers',
      'POST /api/space/:token/requested-dates',
      'DELETE /api/space/:token/requested-dates/:id',
      'POST /api/space/:token/registration-requests',
      // The partners' API description: what the routes are, nothing of the operator's data.
      'GET /api/openapi.json',
    ]);
    const mutating = routes.filter(isForgeable);
    expect(mutating.map(label)).toEqual(
      expect.arrayContaining(['POST /login', 'POST /forgot-password', 'POST /reset-password', 'POST /first-login']),
    );
    for (const route of mutating) {
      const anonymous = await inject(route, { cookie: anonymousCsrf().cookie! });
      expect(anonymous.statusCode, `${label(route)} anonymous`).toBe(419);
      expect(anonymous.json()).toEqual(CSRF);
      const signedIn = await inject(route, withoutHeader);
      expect(signedIn.statusCode, `${label(route)} signed in`).toBe(419);
    }
  });

  it('every mutating route answers 419 when the header does not match the cookie or the session token', async () => {
    const user = await signIn(t, 'su');
    const sid = /sid=([^;]+)/.exec(user.headers.cookie!)![1]!;
    for (const route of routes.filter(isForgeable)) {
      const mismatch = await inject(route, { cookie: `${CSRF_COOKIE}=aaaa`, [CSRF_HEADER]: 'bbbb' });
      expect(mismatch.statusCode, `${label(route)} header ≠ cookie`).toBe(419);
      // Cookie and header agree, but are not the session's token (a token planted by another site).
      const planted = await inject(route, {
        cookie: `${SESSION_COOKIE}=${sid}; ${CSRF_COOKIE}=planted`,
        [CSRF_HEADER]: 'planted',
      });
      expect(planted.statusCode, `${label(route)} not the session's token`).toBe(419);
    }
  });

  it('a write with a dead session cookie on a guarded route is 419 (reload), not 401', async () => {
    const { cookie, [CSRF_HEADER]: header } = anonymousCsrf();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: `${cookie}; ${SESSION_COOKIE}=expiree`, [CSRF_HEADER]: header! },
      payload: {},
    });
    expect(response.statusCode).toBe(419);
  });

  it('every route needing a capability or su refuses an operator without capabilities (403)', async () => {
    const operator = await signIn(t, 'operator');
    const guarded = routes.filter((r) => r.policy.capability || r.policy.suOnly);
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const response = await inject(route, operator.headers);
      expect(response.statusCode, label(route)).toBe(403);
      expect(typeof response.json().message, label(route)).toBe('string');
    }
  });

  it('every su-only route refuses an admin holding every capability (403)', async () => {
    const admin = await signIn(t, 'admin');
    const suOnly = routes.filter((r) => r.policy.suOnly);
    expect(suOnly.length).toBeGreaterThanOrEqual(3);
    for (const route of suOnly) {
      expect((await inject(route, admin.headers)).statusCode, label(route)).toBe(403);
    }
  });

  describe('su without any capability', () => {
    let su: Awaited<ReturnType<typeof signIn>>;
    beforeAll(async () => {
      su = await signIn(t, 'su');
      await t.database.db.deleteFrom('role_capabilities').where('role_id', '=', 1).execute();
    });
    afterAll(async () => {
      const caps = await t.database.db.selectFrom('capabilities').select('id').execute();
      await t.database.db
        .insertInto('role_capabilities')
        .values(caps.map((c) => ({ role_id: 1, capability_id: c.id })))
        .execute();
    });

    it('is refused where the capability has no su bypass: the users page (403)', async () => {
      const noBypass = routes.filter((r) => r.policy.capability && !r.policy.suBypass);
      expect(noBypass.map(label)).toEqual(expect.arrayContaining(['POST /api/users', 'DELETE /api/users/:id']));
      for (const route of noBypass) {
        expect((await inject(route, su.headers)).statusCode, label(route)).toBe(403);
      }
    });

    it('passes where su bypasses the capability (reads, checked without side effects)', async () => {
      const bypass = routes.filter((r) => r.policy.capability && r.policy.suBypass && r.method === 'GET');
      expect(bypass.map(label)).toContain('GET /api/api-clients');
      for (const route of bypass) {
        const status = (await inject(route, su.headers)).statusCode;
        expect([401, 403, 419], label(route)).not.toContain(status);
      }
    });
  });

  it('declares the role and capability guards on every route of each area', () => {
    const where = (test: (r: AccessEntry) => boolean) => routes.filter(test);
    const under = (prefix: string) => (r: AccessEntry) => r.url === prefix || r.url.startsWith(`${prefix}/`);

    // users page: manage_users, no su bypass, reads included.
    const users = where(under('/api/users'));
    expect(users.length).toBeGreaterThanOrEqual(4);
    for (const r of users) expect(r.policy, label(r)).toMatchObject({ capability: 'manage_users', suBypass: false });

    // capabilities page: su only.
    const capabilities = where(
      (r) => under('/api/capabilities')(r) || /^\/api\/roles\/[^/]+\/capabilities$/.test(r.url),
    );
    expect(capabilities.length).toBeGreaterThanOrEqual(3);
    for (const r of capabilities) expect(r.policy.suOnly, label(r)).toBe(true);

    // settings area (API keys included): manage_settings or su.
    const settingsWrites = where(
      (r) => (under('/api/settings')(r) || under('/api/email-templates')(r)) && isMutating(r),
    );
    const apiClients = where(under('/api/api-clients'));
    expect(apiClients.length).toBe(3);
    for (const r of [...settingsWrites, ...apiClients]) {
      expect(r.policy.suOnly || r.policy.capability === 'manage_settings', label(r)).toBe(true);
      expect(r.policy.suBypass, label(r)).toBe(true);
    }

    // ticket templates: manage_ticket_templates or su.
    for (const r of where((r) => under('/api/ticket-templates')(r) && isMutating(r))) {
      expect(r.policy, label(r)).toMatchObject({ capability: 'manage_ticket_templates', suBypass: true });
    }
  });

  it('settings writes need manage_settings (su bypasses), online-shop settings are su only', async () => {
    const put = (headers: Record<string, string>, key: string, value: string) =>
      t.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers, payload: { value } });
    const operator = await signIn(t, 'operator');
    const admin = await signIn(t, 'admin');
    const su = await signIn(t, 'su');
    expect((await put(operator.headers, 'planning_flightcard_show_pilot', '0')).statusCode).toBe(403);
    expect((await put(admin.headers, 'planning_flightcard_show_pilot', '0')).statusCode).toBe(200);
    expect((await put(admin.headers, 'woocommerce_url', 'https://boutique.example.test')).statusCode).toBe(403);
    expect((await put(su.headers, 'woocommerce_url', 'https://boutique.example.test')).statusCode).toBe(200);
  });
});
