import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request } from './client';
import { decideGlobalResponse, installGlobalResponses } from './global';

describe('decideGlobalResponse (401/419 reload, 503 maintenance mode)', () => {
  const after = (wasPreviousOk: boolean | null, isLoginPage = false) => ({ wasPreviousOk, isLoginPage });

  it('reloads on 401 or 419 only when the previous response succeeded and the page is not login', () => {
    expect(decideGlobalResponse(401, false, after(true)).reload).toBe(true);
    expect(decideGlobalResponse(419, false, after(true)).reload).toBe(true);
    expect(decideGlobalResponse(401, false, after(false)).reload).toBe(false);
    expect(decideGlobalResponse(401, false, after(null)).reload).toBe(false);
    expect(decideGlobalResponse(419, false, after(true, true)).reload).toBe(false);
    expect(decideGlobalResponse(403, false, after(true)).reload).toBe(false);
    expect(decideGlobalResponse(422, false, after(true)).reload).toBe(false);
  });

  it('sets maintenance on 503 and clears it on any success', () => {
    expect(decideGlobalResponse(503, false, after(true))).toEqual({ reload: false, maintenance: 'set' });
    expect(decideGlobalResponse(200, true, after(false))).toEqual({ reload: false, maintenance: 'clear' });
    expect(decideGlobalResponse(204, true, after(null)).maintenance).toBe('clear');
    expect(decideGlobalResponse(500, false, after(true)).maintenance).toBeNull();
  });
});

// The client over a real HTTP server answering the statuses asked for by path (/status/401...).
describe('installGlobalResponses over real responses', () => {
  let server: http.Server;
  let origin = '';
  const realFetch = globalThis.fetch;
  let path = '/dashboard';
  let events: string[] = [];
  let uninstall = () => {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const status = Number(req.url?.split('/').pop() ?? 200);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 204 ? undefined : JSON.stringify({ message: `status ${status}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The app calls relative paths; in the browser they go to its own origin, here to the test server.
    globalThis.fetch = (input, init) => realFetch(new URL(String(input), origin), init);
  });

  afterAll(async () => {
    globalThis.fetch = realFetch;
    await new Promise((resolve) => server.close(resolve));
  });

  const install = () => {
    events = [];
    uninstall = installGlobalResponses({
      currentPath: () => path,
      loginPath: '/auth/login',
      maintenancePath: '/maintenance',
      reload: () => events.push('reload'),
      setMaintenance: (isOn) => events.push(isOn ? 'maintenance on' : 'maintenance off'),
      goToMaintenance: (from) => events.push(`go to maintenance from ${from}`),
    });
  };
  const call = (status: number) => request(`/status/${status}`).catch(() => undefined);

  afterEach(() => uninstall());

  it('does not reload on a first 401 (nobody signed in yet), reloads on a 401 after a success', async () => {
    path = '/dashboard';
    install();
    await call(401);
    expect(events).not.toContain('reload');
    await call(200);
    await call(401);
    expect(events).toEqual(['maintenance off', 'reload']);
  });

  it('reloads on 419 after a success, except on the login page', async () => {
    path = '/auth/login';
    install();
    await call(200);
    await call(419);
    expect(events).not.toContain('reload');
    path = '/profile';
    await call(204);
    await call(419);
    expect(events.at(-1)).toBe('reload');
  });

  it('goes to maintenance on 503 and leaves maintenance mode on the next success', async () => {
    path = '/flights';
    install();
    await call(503);
    expect(events).toEqual(['maintenance on', 'go to maintenance from /flights']);
    path = '/maintenance';
    await call(503);
    expect(events.filter((event) => event.startsWith('go to'))).toHaveLength(1);
    await call(401);
    expect(events.at(-1)).toBe('maintenance on');
    await call(200);
    expect(events.at(-1)).toBe('maintenance off');
  });
});
