import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_BODY_LIMIT } from '../../src/auth/plugin.js';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/auth/session-format.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// Issue 26: the routes anyone may call without signing in read 16 kB of body at most (the app's 5 MB for the
// others): over it, 413 in the API's French shape, before the body is read, parsed or counted by a throttle.

const TOO_LARGE = { message: 'Requête trop volumineuse.' };
/** A browser's anti-forgery pair, as /csrf-cookie hands it to anyone: the body limit must not hide behind the 419. */
const csrf = { cookie: `${CSRF_COOKIE}=token`, [CSRF_HEADER]: 'token' };
const body = (bytes: number) => JSON.stringify({ padding: 'x'.repeat(bytes - 14) });

describe(`body limit of the public routes on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (method: string, url: string, payload: string) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...csrf, 'content-type': 'application/json' },
      payload,
    });
  const attempts = async () => (await t.database.db.selectFrom('login_attempts').select('key').execute()).length;

  it('answers 413 to a 17 kB body on every public route that takes one, nothing counted', async () => {
    const routes = t.app.accessTable
      .filter((entry) => entry.policy.kind === 'public' && !['GET', 'HEAD'].includes(entry.method))
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /login',
        'POST /logout',
        'POST /forgot-password',
        'POST /reset-password',
        'POST /first-login',
        'POST /api/public/registration-requests',
      ]),
    );
    const before = await attempts();
    for (const route of routes) {
      const [method, url] = route.split(' ') as [string, string];
      const response = await post(method, url, body(17 * 1024));
      expect(response.statusCode, route).toBe(413);
      expect(response.json(), route).toEqual(TOO_LARGE);
    }
    // The sign-in and registration-request throttles never saw them.
    expect(await attempts()).toBe(before);
  });

  it('answers a write to no route at once (404), without reading its body', async () => {
    for (const url of ['/nonexistent', '/widget/planning']) {
      const response = await post('POST', url, body(6 * 1024 * 1024));
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Ressource introuvable.' });
    }
  });

  it('reads a body just under the limit as before (422: no email, no password)', async () => {
    expect(PUBLIC_BODY_LIMIT).toBe(16 * 1024);
    const response = await post('POST', '/login', body(PUBLIC_BODY_LIMIT - 100));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain('email');
  });

  it('keeps the 5 MB limit for signed-in routes', async () => {
    const { headers } = await signIn(t, 'su');
    const template = await t.database.db.selectFrom('email_templates').select('id').executeTakeFirstOrThrow();
    const text = `<p>${'Bonjour. '.repeat(4000)}</p>`;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/email-templates/${template.id}`,
      headers,
      payload: { body: text },
    });
    expect(response.statusCode).toBe(200);
  });

  it('never reads the body of a public GET (the planning, the anti-forgery cookie): answered as without one', async () => {
    for (const url of ['/api/public/planning', '/csrf-cookie']) {
      const plain = await t.app.inject({ method: 'GET', url });
      const padded = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'content-type': 'application/json' },
        payload: body(17 * 1024),
      });
      expect(padded.statusCode, url).toBe(plain.statusCode);
    }
  });
});
