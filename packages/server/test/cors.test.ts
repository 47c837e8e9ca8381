import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from './helpers.js';

// Split deployment: the web app on https://resa.example.fr calls the API on https://api.resa.example.fr.
describe(`CORS for a split deployment on ${engine}`, () => {
  const appOrigin = 'https://resa.example.fr';
  let t: TestApp;
  let same: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { appOrigin, cookieDomain: 'resa.example.fr' } });
    same = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await same.close();
  });

  it('answers the preflight of the app origin with credentials allowed and the XSRF header', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/balloons',
      headers: {
        origin: appOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-xsrf-token',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(appOrigin);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(String(response.headers['access-control-allow-headers'])).toContain('X-XSRF-TOKEN');
  });

  it('lets the app read error statuses too (401 without a session)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { origin: appOrigin } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(appOrigin);
  });

  it('gives nothing to another origin, which then cannot read signed-in answers', async () => {
    const { headers } = await signIn(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets the cookies on the shared parent domain', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/csrf-cookie', headers: { origin: appOrigin } });
    expect(String(response.headers['set-cookie'])).toContain('Domain=resa.example.fr');
  });

  it('sends no CORS header at all in the default same-origin deployment', async () => {
    const response = await same.app.inject({ method: 'GET', url: '/api/me', headers: { origin: appOrigin } });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
