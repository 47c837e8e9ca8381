import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { sha256 } from '../../src/auth/session-format.js';
import { createTestDatabase, engine, signIn, type TestApp, type TestDatabase, testConfig } from '../helpers.js';
import { apiToken } from './support.js';

// API keys: created by the settings area, answered once, stored hashed; a bearer token reaches 'api-client' routes
// only. The app gets two extra routes here so the test does not depend on which intake routes exist yet.

describe(`API clients on ${engine}`, () => {
  let t: TestApp;
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database });
    app.get('/api/test-intake', { config: { access: { access: 'api-client' } } }, async (request) => ({
      auth: request.auth,
    }));
    app.post('/api/test-intake', { config: { access: { access: 'api-client' } } }, async () => ({ ok: true }));
    await app.ready();
    t = { app, database, close: async () => {} };
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload: payload as object } : {}) });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('creates a key shown once, stores only its hash, lists without it and deletes it', async () => {
    const admin = await signIn(t, 'admin');
    const created = await call('POST', '/api/api-clients', admin.headers, { name: 'Boutique en ligne' });
    expect(created.statusCode).toBe(201);
    const { id, name, token } = created.json();
    expect(name).toBe('Boutique en ligne');
    expect(token).toMatch(/^mgf_[\w-]{43}$/);
    const row = await database.db.selectFrom('api_clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await call('GET', '/api/api-clients', admin.headers);
    expect(list.statusCode).toBe(200);
    const item = list.json().find((c: { id: number }) => c.id === id);
    expect(Object.keys(item).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
    expect(list.body).not.toContain(token);
    expect(list.body).not.toContain(row.token_hash);

    const page = await call('GET', '/api/api-clients?page=1&order=name|ASC', admin.headers);
    expect(page.json()).toMatchObject({ count: expect.any(Number), sum: null, prev: null });
    expect((await call('GET', '/api/api-clients?filters=token_hash|=|x', admin.headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/api-clients?order=token_hash|ASC', admin.headers)).statusCode).toBe(400);

    expect((await call('GET', '/api/test-intake', bearer(token))).statusCode).toBe(200);
    expect((await call('DELETE', `/api/api-clients/${id}`, admin.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/test-intake', bearer(token))).statusCode).toBe(401);
    expect((await call('DELETE', `/api/api-clients/${id}`, admin.headers)).statusCode).toBe(404);
  });

  it('needs manage_settings (su bypasses) and a name', async () => {
    const operator = await signIn(t, 'operator');
    expect((await call('GET', '/api/api-clients', operator.headers)).statusCode).toBe(403);
    expect((await call('POST', '/api/api-clients', operator.headers, { name: 'X' })).statusCode).toBe(403);
    const su = await signIn(t, 'su');
    await database.db.deleteFrom('role_capabilities').where('role_id', '=', 1).execute();
    expect((await call('GET', '/api/api-clients', su.headers)).statusCode).toBe(200);
    const empty = await call('POST', '/api/api-clients', su.headers, { name: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['Ce champ est obligatoire.'] });
  });

  it('a bearer token reaches api-client routes, without CSRF, as the client', async () => {
    const { id, token } = await apiToken(t, 'Partenaire');
    const read = await call('GET', '/api/test-intake', bearer(token));
    expect(read.json()).toEqual({ auth: { kind: 'api-client', clientId: id, name: 'Partenaire' } });
    const write = await call('POST', '/api/test-intake', bearer(token), { order: 1 });
    expect(write.statusCode).toBe(200);
  });

  it('a bearer token is refused (403) everywhere else, and a wrong one is 401', async () => {
    const { token } = await apiToken(t);
    const ids = { id: '1' };
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/api-clients'],
      ['POST', '/api/api-clients'],
      ['POST', '/api/users'],
      ['PUT', `/api/users/${ids.id}`],
      ['GET', '/api/capabilities'],
      ['PUT', '/api/profile'],
      ...app.accessTable
        .filter((r) => r.policy.kind === 'user' && r.method !== 'HEAD')
        .map((r) => [r.method, r.url.replace(/:[a-zA-Z_]+/g, '1').replace('*', 'x')]),
    ] as const) {
      const response = await call(method, url, bearer(token), method === 'GET' ? undefined : {});
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe("Cette clé d'API ne donne pas accès à cette ressource.");
    }
    expect((await call('GET', '/api/test-intake', bearer('mgf_pas-une-vraie-cle'))).statusCode).toBe(401);
    expect((await call('GET', '/api/users', bearer('mgf_pas-une-vraie-cle'))).statusCode).toBe(401);
  });

  it('writes last_used_at at most once a minute', async () => {
    const { id, token } = await apiToken(t);
    const lastUsed = async () =>
      (
        await database.db
          .selectFrom('api_clients')
          .select('last_used_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).last_used_at;
    expect(await lastUsed()).toBeNull();
    await call('GET', '/api/test-intake', bearer(token));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await call('GET', '/api/test-intake', bearer(token));
    expect(await lastUsed()).toBe(first);
    const old = new Date(Date.now() - 2 * 60_000).toISOString();
    await database.db.updateTable('api_clients').set({ last_used_at: old }).where('id', '=', id).execute();
    await call('GET', '/api/test-intake', bearer(token));
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(old));
  });
});
