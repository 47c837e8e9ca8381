import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers.js';
import { createUser } from './support.js';

// The browser's journey over a real socket with fetch: cookies travel as Set-Cookie / Cookie headers.

describe(`sign-in over real HTTP on ${engine}`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('csrf-cookie, login, me, a write, logout', async () => {
    const user = await createUser(t);
    const jar = new Map<string, string>();
    const send = async (method: string, path: string, body?: unknown) => {
      const xsrf = jar.get('XSRF-TOKEN');
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(method !== 'GET' && xsrf ? { 'x-xsrf-token': xsrf } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=') as [string, string];
        if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };

    expect((await send('GET', '/api/me')).status).toBe(401);
    expect((await send('GET', '/csrf-cookie')).status).toBe(204);
    expect((await send('POST', '/login', { email: user.email, password: 'faux' })).status).toBe(422);
    const login = await send('POST', '/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect(jar.has('sid')).toBe(true);
    const me = await send('GET', '/api/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(user.email);
    const write = await send('PUT', '/api/profile', { first_name: 'Réel', last_name: 'HTTP', email: user.email });
    expect(write.status).toBe(200);
    expect((await send('POST', '/logout', {})).status).toBe(204);
    expect(jar.has('sid')).toBe(false);
    expect((await send('GET', '/api/me')).status).toBe(401);
  });
});
