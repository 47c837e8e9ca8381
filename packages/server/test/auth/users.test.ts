import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUserToken } from '../../src/auth/user-tokens.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { createUser, linkAndUnknownAnswers, usePasswordLink } from './support.js';

// POST/PUT/DELETE /api/users and the invitation (manage_users, no su bypass). Mails go to the outbox
// (no SMTP here); password-flows.test.ts follows a first-login mail through a real SMTP server.

describe(`users endpoints on ${engine}`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method: method as 'POST', url, headers, ...(payload ? { payload: payload as object } : {}) });
  const outboxFor = (email: string) =>
    t.database.db.selectFrom('outbox_mails').select(['subject', 'html']).where('recipient', '=', email).execute();

  it('creates a user without password, lower-cases the email and mails a first-login link', async () => {
    const response = await call('POST', '/api/users', admin.headers, {
      first_name: ' Hugo ',
      last_name: 'Bernard',
      email: 'Hugo.Bernard@Example.test',
      role_id: 3,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      first_name: 'Hugo',
      last_name: 'Bernard',
      email: 'hugo.bernard@example.test',
      role_id: 3,
    });
    expect(body).not.toHaveProperty('password_hash');
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const mails = await outboxFor('hugo.bernard@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Votre accès au back-office');
    expect(mails[0]!.html).toMatch(/\/auth\/first-login\?token=[\w-]+&amp;email=hugo.bernard%40example.test/);
  });

  it('refuses a duplicate email, whatever its case, with the French message', async () => {
    const existing = await createUser(t, { email: 'doublon@example.test' });
    const response = await call('POST', '/api/users', admin.headers, {
      first_name: 'A',
      last_name: 'B',
      email: 'DOUBLON@example.test',
      role_id: 3,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Cette adresse email est déjà utilisée.',
      errors: { email: ['Cette adresse email est déjà utilisée.'] },
    });
    const other = await createUser(t);
    const update = await call('PUT', `/api/users/${other.id}`, admin.headers, { email: existing.email });
    expect(update.statusCode).toBe(422);
    expect(update.json().message).toBe('Cette adresse email est déjà utilisée.');
  });

  it('validates the payload with French messages', async () => {
    const response = await call('POST', '/api/users', admin.headers, {
      first_name: '',
      email: 'pas-un-email',
      role_id: 99,
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.first_name).toEqual(['Ce champ est obligatoire.']);
    expect(errors.last_name).toEqual(['Ce champ est obligatoire.']);
    expect(errors.email).toEqual(["L'adresse email n'est pas valide."]);
    const unknownRole = await call('POST', '/api/users', admin.headers, {
      first_name: 'A',
      last_name: 'B',
      email: 'role-inconnu@example.test',
      role_id: 99,
    });
    expect(unknownRole.statusCode).toBe(422);
    expect(unknownRole.json().errors).toEqual({ role_id: ["Ce rôle n'existe pas."] });
  });

  it('updates only the fields sent', async () => {
    const user = await createUser(t, { role: 'operator' });
    const response = await call('PUT', `/api/users/${user.id}`, admin.headers, { last_name: 'Moreau', role_id: 2 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      first_name: 'Camille',
      last_name: 'Moreau',
      email: user.email,
      role_id: 2,
    });
    expect((await call('PUT', '/api/users/999999', admin.headers, { last_name: 'X' })).statusCode).toBe(404);
  });

  it('nobody deletes their own account or changes their own role', async () => {
    const self = await call('DELETE', `/api/users/${admin.userId}`, admin.headers);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('Vous ne pouvez pas supprimer votre propre compte.');
    const role = await call('PUT', `/api/users/${admin.userId}`, admin.headers, { role_id: 3 });
    expect(role.statusCode).toBe(422);
    expect(role.json().message).toBe('Vous ne pouvez pas modifier votre propre rôle.');
  });

  it('deletes another user with their sessions', async () => {
    const other = await signIn(t, 'operator');
    const response = await call('DELETE', `/api/users/${other.userId}`, admin.headers);
    expect(response.statusCode).toBe(204);
    expect((await call('GET', '/api/me', other.headers)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/users/${other.userId}`, admin.headers)).statusCode).toBe(404);
  });

  it('resends the invitation while no password was chosen, then refuses', async () => {
    const invited = await createUser(t, { password: null });
    const response = await call('POST', `/api/users/${invited.id}/invite`, admin.headers, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Invitation envoyée.' });
    expect(await outboxFor(invited.email)).toHaveLength(1);
    const active = await createUser(t);
    const refused = await call('POST', `/api/users/${active.id}/invite`, admin.headers, {});
    expect(refused.statusCode).toBe(422);
  });

  it('a change of email, role or active state voids every pending password link of the user (issue 26)', async () => {
    const changes: Record<string, (id: number) => object> = {
      email: (id) => ({ email: `Corrigee-${id}@example.test` }),
      role: () => ({ role_id: 2 }),
      deactivation: () => ({ is_active: 0 }),
    };
    for (const [change, payload] of Object.entries(changes)) {
      const user = await createUser(t, { role: 'operator', password: null });
      const links = {
        reset: await issueUserToken(t.database.db, user.id, 'reset'),
        first_login: await issueUserToken(t.database.db, user.id, 'first_login'),
      };
      const response = await call('PUT', `/api/users/${user.id}`, admin.headers, payload(user.id));
      expect(response.statusCode, change).toBe(200);
      for (const [kind, token] of Object.entries(links) as [keyof typeof links, string][]) {
        for (const email of new Set([user.email, response.json().email as string])) {
          const { link, unknown } = await linkAndUnknownAnswers(t, kind, token, email);
          expect(link.status, `${change}, ${kind}, ${email}`).toBe(422);
          expect(link, `${change}, ${kind}, ${email}`).toEqual(unknown);
        }
      }
    }
  });

  it('reactivating an account does not bring its links back; a link sent while it is inactive opens nothing', async () => {
    const user = await createUser(t, { password: null });
    const before = await issueUserToken(t.database.db, user.id, 'first_login');
    expect((await call('PUT', `/api/users/${user.id}`, admin.headers, { is_active: 0 })).statusCode).toBe(200);
    const invite = await call('POST', `/api/users/${user.id}/invite`, admin.headers, {});
    expect(invite.statusCode).toBe(200);
    const [mail] = await outboxFor(user.email);
    const during = /\/auth\/first-login\?token=([\w-]+)&amp;/.exec(mail!.html)![1]!;
    const whileInactive = await linkAndUnknownAnswers(t, 'first_login', during, user.email);
    expect(whileInactive.link.status).toBe(422);
    expect(whileInactive.link).toEqual(whileInactive.unknown);
    expect((await call('PUT', `/api/users/${user.id}`, admin.headers, { is_active: 1 })).statusCode).toBe(200);
    for (const token of [before, during]) {
      const { link, unknown } = await linkAndUnknownAnswers(t, 'first_login', token, user.email);
      expect(link.status).toBe(422);
      expect(link).toEqual(unknown);
    }
    // Invited again once active, the account opens with the new link.
    const fresh = await issueUserToken(t.database.db, user.id, 'first_login');
    expect((await usePasswordLink(t, 'first_login', fresh, user.email)).statusCode).toBe(200);
  });

  it('a change of name only, or a write of the same email, role and state, leaves the links working', async () => {
    const user = await createUser(t, { role: 'operator' });
    const token = await issueUserToken(t.database.db, user.id, 'reset');
    const same = { last_name: 'Nouveau-Nom', email: user.email.toUpperCase(), role_id: 3, is_active: 1 };
    expect((await call('PUT', `/api/users/${user.id}`, admin.headers, same)).statusCode).toBe(200);
    expect((await usePasswordLink(t, 'reset', token, user.email)).statusCode).toBe(200);
  });

  it('manage_users cannot climb to su: only a su gives the su role or touches a su account', async () => {
    const su = await createUser(t, { role: 'su' });
    const create = await call('POST', '/api/users', admin.headers, {
      first_name: 'A',
      last_name: 'B',
      email: 'futur-su@example.test',
      role_id: 1,
    });
    expect(create.statusCode).toBe(403);
    const other = await createUser(t, { role: 'operator' });
    expect((await call('PUT', `/api/users/${other.id}`, admin.headers, { role_id: 1 })).statusCode).toBe(403);
    expect((await call('PUT', `/api/users/${su.id}`, admin.headers, { email: 'pirate@example.test' })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/users/${su.id}`, admin.headers)).statusCode).toBe(403);

    const superUser = await signIn(t, 'su');
    expect((await call('PUT', `/api/users/${other.id}`, superUser.headers, { role_id: 1 })).statusCode).toBe(200);
  });

  it('GET /api/users (the engine resource) never answers password hashes', async (ctx) => {
    if (!t.app.accessTable.some((r) => r.method === 'GET' && r.url === '/api/users')) ctx.skip();
    await createUser(t, { email: 'avec-mot-de-passe@example.test' });
    const response = await call('GET', '/api/users', admin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('avec-mot-de-passe@example.test');
    expect(response.body).not.toContain('password_hash');
    expect(response.body).not.toContain('scrypt$');
  });
});
