import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, type TestApp } from '../helpers.js';

// What Node and Fastify answer before any route (oversized URL or headers), and the security headers every answer
// carries: over a real socket, as a browser or an attacker sees them.

describe(`HTTP edges on ${engine}`, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('answers an oversized path parameter 414 and oversized headers 431, in French', async () => {
    const long = await fetch(`${base}/api/bookings/${'1'.repeat(300)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ message: 'Adresse trop longue.' });
    const headers = await fetch(`${base}/health`, { headers: { 'x-filler': 'a'.repeat(20_000) } });
    expect(headers.status).toBe(431);
    expect(await headers.json()).toEqual({ message: 'En-têtes de la requête trop volumineux.' });
    // The server is still there.
    expect((await fetch(`${base}/health`)).status).toBe(200);
  });

  it('sends a content security policy without inline script, nosniff, a referrer policy and refuses framing', async () => {
    const response = await fetch(`${base}/api/me`);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets other sites frame the public widget pages only', async () => {
    const response = await fetch(`${base}/widget/planning`);
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(response.headers.get('x-frame-options')).toBeNull();
  });
});
