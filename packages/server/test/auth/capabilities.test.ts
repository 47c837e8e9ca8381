import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

describe(`capabilities page endpoints on ${engine}`, () => {
  let t: TestApp;
  let su: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    su = await signIn(t, 'su');
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method: method as 'PUT', url, headers, ...(payload ? { payload: payload as object } : {}) });

  it('lists the capabilities and the ones of a role', async () => {
    const all = await call('GET', '/api/capabilities', su.headers);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual([
      { id: 1, slug: 'manage_settings', label: 'Gérer les paramètres' },
      { id: 2, slug: 'manage_ticket_templates', label: 'Gérer les modèles de billet' },
      { id: 3, slug: 'manage_users', label: 'Gérer les utilisateurs' },
    ]);
    const operator = await call('GET', '/api/roles/3/capabilities', su.headers);
    expect(operator.json()).toEqual([]);
    expect((await call('GET', '/api/roles/42/capabilities', su.headers)).statusCode).toBe(404);
  });

  it('replaces a role set in one go, and the next request of that role already sees it', async () => {
    const operator = await signIn(t, 'operator');
    expect((await call('GET', '/api/me', operator.headers)).json().user.capabilities).toEqual([]);
    const put = await call('PUT', '/api/roles/3/capabilities', su.headers, {
      capabilities: ['manage_ticket_templates', 'manage_settings'],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().map((c: { slug: string }) => c.slug)).toEqual(['manage_settings', 'manage_ticket_templates']);
    expect((await call('GET', '/api/me', operator.headers)).json().user.capabilities).toEqual([
      'manage_settings',
      'manage_ticket_templates',
    ]);
    await call('PUT', '/api/roles/3/capabilities', su.headers, { capabilities: [] });
    expect((await call('GET', '/api/me', operator.headers)).json().user.capabilities).toEqual([]);
  });

  it('an unknown capability changes nothing (422)', async () => {
    const response = await call('PUT', '/api/roles/2/capabilities', su.headers, {
      capabilities: ['manage_users', 'launch_rockets'],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Capacité inconnue : launch_rockets.');
    const admin = await call('GET', '/api/roles/2/capabilities', su.headers);
    expect(admin.json()).toHaveLength(3);
  });

  it('is su only, whatever the capabilities of the role', async () => {
    const admin = await signIn(t, 'admin');
    for (const [method, url] of [
      ['GET', '/api/capabilities'],
      ['GET', '/api/roles/2/capabilities'],
      ['PUT', '/api/roles/2/capabilities'],
    ] as const) {
      const response = await call(method, url, admin.headers, method === 'PUT' ? { capabilities: [] } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe('Action réservée au super utilisateur.');
    }
  });
});
