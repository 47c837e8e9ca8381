import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { sha256 } from '../../src/auth/session-format.js';
import { issueUserToken } from '../../src/auth/user-tokens.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createTestApp, createTestDatabase, engine, signIn, type TestApp } from '../helpers.js';
import { Browser, createUser, linkAndUnknownAnswers, linkIn, startSmtp, usePasswordLink } from './support.js';

const INVALID_RESET = 'Ce lien de réinitialisation est invalide ou a expiré.';

describe(`password flows on ${engine}, with a real SMTP server`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { smtpUrl: smtp.smtpUrl, appUrl: 'https://bo.example.test' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (browser: Browser, email: string) => browser.request('POST', '/forgot-password', { email });

  it('mails a reset link that sets a new password and signs the user out everywhere', async () => {
    const user = await createUser(t, { email: 'lea.martin@example.test', firstName: 'Léa <b>' });
    const elsewhere = new Browser(t);
    await elsewhere.login(user.email, user.password!);

    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const caught = smtp.nextMail(user.email);
    const response = await forgot(browser, 'Lea.Martin@example.test');
    expect(response.statusCode).toBe(200);
    const mail = await caught;
    expect(mail.text).toContain('Réinitialisation de votre mot de passe');
    expect(mail.text).toContain('Bonjour Léa &lt;b&gt;'); // values are escaped in the HTML body
    const link = linkIn(mail, '/auth/reset-password');
    expect(link.origin).toBe('https://bo.example.test');
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.searchParams.get('token')!;
    // Only the hash is at rest.
    const stored = await t.database.db
      .selectFrom('user_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((r) => r.token_hash)).toEqual([sha256(token)]);

    const reset = await browser.request('POST', '/reset-password', {
      token,
      email: user.email,
      password: 'nouveau-mot-de-passe',
      password_confirmation: 'nouveau-mot-de-passe',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Votre mot de passe a été réinitialisé.' });

    expect((await elsewhere.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await new Browser(t).login(user.email, user.password!)).statusCode).toBe(422);
    expect((await new Browser(t).login(user.email, 'nouveau-mot-de-passe')).statusCode).toBe(200);

    // Single use.
    const again = await browser.request('POST', '/reset-password', {
      token,
      email: user.email,
      password: 'encore-un-autre',
      password_confirmation: 'encore-un-autre',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: INVALID_RESET, errors: { token: [INVALID_RESET] } });
  });

  it('answers the same message, as fast, whether the email exists or not, and mails only real accounts', async () => {
    const user = await createUser(t);
    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const before = smtp.mails.length;
    const caught = smtp.nextMail(user.email);
    const known = await forgot(browser, user.email);
    await caught;
    const unknown = await forgot(browser, 'inconnu@example.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toMatch(/^Si un compte correspond à cette adresse/);

    // The mail goes out after the answer: with a slow SMTP relay, a first request for an
    // account (which mails) still answers at once, like one for an unknown address. The relay takes 6 s here and the
    // answer is bound at 3 s: far apart, so a loaded CI machine does not blur them.
    const fresh = await createUser(t);
    smtp.setDelay(6000);
    try {
      const slowMail = smtp.nextMail(fresh.email);
      const start = performance.now();
      expect((await forgot(browser, fresh.email)).statusCode).toBe(200);
      expect(performance.now() - start).toBeLessThan(3000);
      await slowMail;
    } finally {
      smtp.setDelay(0);
    }
    for (let i = 0; i < 3; i++) await forgot(browser, user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // One mail per account: further requests within a minute mail nothing more; none for unknown addresses.
    expect(smtp.mails.length - before).toBe(2);
    const outbox = await t.database.db
      .selectFrom('outbox_mails')
      .select('recipient')
      .where('recipient', '=', 'inconnu@example.test')
      .execute();
    expect(outbox).toEqual([]);
  });

  it('refuses an expired link, a link for another email, another kind of link and a superseded link', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const payload = (token: string, email = user.email) => ({
      token,
      email,
      password: 'mot-de-passe-neuf',
      password_confirmation: 'mot-de-passe-neuf',
    });

    const expired = await issueUserToken(t.database.db, user.id, 'reset');
    await t.database.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', sha256(expired))
      .execute();
    const r1 = await browser.request('POST', '/reset-password', payload(expired));
    expect(r1.statusCode).toBe(422);
    expect(r1.json().message).toBe(INVALID_RESET);

    const fresh = await issueUserToken(t.database.db, user.id, 'reset');
    expect((await browser.request('POST', '/reset-password', payload(fresh, other.email))).statusCode).toBe(422);
    const firstLogin = await issueUserToken(t.database.db, user.id, 'first_login');
    expect((await browser.request('POST', '/reset-password', payload(firstLogin))).statusCode).toBe(422);
    const newer = await issueUserToken(t.database.db, user.id, 'reset');
    expect((await browser.request('POST', '/reset-password', payload(fresh))).statusCode).toBe(422);
    expect((await browser.request('POST', '/reset-password', payload(newer))).statusCode).toBe(200);
  });

  it('checks the new password: at least 8 characters, confirmed', async () => {
    const user = await createUser(t);
    const token = await issueUserToken(t.database.db, user.id, 'reset');
    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const short = await browser.request('POST', '/reset-password', {
      token,
      email: user.email,
      password: 'court',
      password_confirmation: 'court',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({
      message: 'Le mot de passe doit contenir au moins 8 caractères.',
      errors: { password: ['Le mot de passe doit contenir au moins 8 caractères.'] },
    });
    const mismatch = await browser.request('POST', '/reset-password', {
      token,
      email: user.email,
      password: 'assez-long-1',
      password_confirmation: 'assez-long-2',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      password_confirmation: ['La confirmation du mot de passe ne correspond pas.'],
    });
    // The token survived the refused attempts.
    const ok = await browser.request('POST', '/reset-password', {
      token,
      email: user.email,
      password: 'assez-long-1',
      password_confirmation: 'assez-long-1',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a new user gets a first-login mail whose link sets the password and signs in', async () => {
    const admin = await signIn(t, 'admin');
    const caught = smtp.nextMail('nouvelle.recrue@example.test');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { first_name: 'Inès', last_name: 'Roux', email: 'Nouvelle.Recrue@example.test', role_id: 3 },
    });
    expect(created.statusCode).toBe(201);
    const mail = await caught;
    expect(mail.text).toContain('Votre accès au back-office');
    expect(mail.text).toContain('Bonjour Inès');
    const link = linkIn(mail, '/auth/first-login');
    expect(link.origin).toBe('https://bo.example.test');

    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const payload = {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'premier-mot-de-passe',
      password_confirmation: 'premier-mot-de-passe',
    };
    const response = await browser.request('POST', '/first-login', payload);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ email: 'nouvelle.recrue@example.test', role: { slug: 'operator' } });
    const me = await browser.request('GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.first_name).toBe('Inès');

    const reused = await new Browser(t).request('GET', '/csrf-cookie');
    expect(reused.statusCode).toBe(204);
    const again = await browser.request('POST', '/first-login', payload);
    expect(again.statusCode).toBe(422);
    expect((await new Browser(t).login('nouvelle.recrue@example.test', 'premier-mot-de-passe')).statusCode).toBe(200);
  });

  it('an invitation mailed to a mistyped address dies when an administrator corrects it (issue 26)', async () => {
    const admin = await signIn(t, 'admin');
    const typo = 'jean.dupont@exmaple.test';
    const fixed = 'jean.dupont@example.test';
    const caught = smtp.nextMail(typo);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { first_name: 'Jean', last_name: 'Dupont', email: typo, role_id: 3 },
    });
    expect(created.statusCode).toBe(201);
    const token = linkIn(await caught, '/auth/first-login').searchParams.get('token')!;
    const corrected = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${created.json().id}`,
      headers: admin.headers,
      payload: { email: fixed },
    });
    expect(corrected.statusCode).toBe(200);
    // Whoever got the mistyped mail opens nothing, with either address, and learns nothing from the answer.
    for (const email of [fixed, typo]) {
      const { link, unknown } = await linkAndUnknownAnswers(t, 'first_login', token, email);
      expect(link.status, email).toBe(422);
      expect(link, email).toEqual(unknown);
    }
    // The invitation sent again goes to the corrected address and opens the account.
    const resent = smtp.nextMail(fixed);
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/users/${created.json().id}/invite`,
      headers: admin.headers,
      payload: {},
    });
    expect(invite.statusCode).toBe(200);
    const link = linkIn(await resent, '/auth/first-login');
    expect(link.searchParams.get('email')).toBe(fixed);
    expect((await usePasswordLink(t, 'first_login', link.searchParams.get('token')!, fixed)).statusCode).toBe(200);
  });

  it('setting a password from one link voids the pending links of the other kind (issue 26)', async () => {
    const invited = await createUser(t, { password: null });
    const invitedReset = await issueUserToken(t.database.db, invited.id, 'reset');
    const invitation = await issueUserToken(t.database.db, invited.id, 'first_login');
    expect((await usePasswordLink(t, 'first_login', invitation, invited.email)).statusCode).toBe(200);
    const afterFirstLogin = await linkAndUnknownAnswers(t, 'reset', invitedReset, invited.email);
    expect(afterFirstLogin.link.status).toBe(422);
    expect(afterFirstLogin.link).toEqual(afterFirstLogin.unknown);

    const user = await createUser(t);
    const staleInvitation = await issueUserToken(t.database.db, user.id, 'first_login');
    const reset = await issueUserToken(t.database.db, user.id, 'reset');
    expect((await usePasswordLink(t, 'reset', reset, user.email)).statusCode).toBe(200);
    const afterReset = await linkAndUnknownAnswers(t, 'first_login', staleInvitation, user.email);
    expect(afterReset.link.status).toBe(422);
    expect(afterReset.link).toEqual(afterReset.unknown);
  });

  it('any writer of the users table voids the links: a script changing a password or a role (issue 26)', async () => {
    const { db } = t.database;
    const user = await createUser(t);
    const beforePassword = await issueUserToken(db, user.id, 'reset');
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('change-par-un-script') })
      .where('id', '=', user.id)
      .execute();
    const beforeRole = await issueUserToken(db, user.id, 'reset');
    await db.updateTable('users').set({ role_id: 3 }).where('id', '=', user.id).execute();
    for (const token of [beforePassword, beforeRole]) {
      const { link, unknown } = await linkAndUnknownAnswers(t, 'reset', token, user.email);
      expect(link.status).toBe(422);
      expect(link).toEqual(unknown);
    }
  });

  it("a link mailed to an address that is no longer the account's opens nothing (issued during a change)", async () => {
    const { db } = t.database;
    const user = await createUser(t);
    const fixed = `corrigee-${user.id}@example.test`;
    await db.updateTable('users').set({ email: fixed }).where('id', '=', user.id).execute();
    // The mail was being sent to the old address while the correction was written.
    const token = await issueUserToken(db, user.id, 'reset', user.email);
    for (const email of [fixed, user.email]) {
      const { link, unknown } = await linkAndUnknownAnswers(t, 'reset', token, email);
      expect(link.status, email).toBe(422);
      expect(link, email).toEqual(unknown);
    }
    const current = await issueUserToken(db, user.id, 'reset');
    expect((await usePasswordLink(t, 'reset', current, fixed)).statusCode).toBe(200);
  });

  it('a first-login link expires after 7 days', async () => {
    const user = await createUser(t, { password: null });
    const token = await issueUserToken(t.database.db, user.id, 'first_login');
    const row = await t.database.db
      .selectFrom('user_tokens')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(7 * 24 * 3600 * 1000);
    await t.database.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('token_hash', '=', sha256(token))
      .execute();
    const browser = new Browser(t);
    await browser.request('GET', '/csrf-cookie');
    const response = await browser.request('POST', '/first-login', {
      token,
      email: user.email,
      password: 'premier-mot-de-passe',
      password_confirmation: 'premier-mot-de-passe',
    });
    expect(response.statusCode).toBe(422);
    expect(browser.sessionToken).toBeUndefined();
  });

  it('a reset link lasts 60 minutes', async () => {
    const user = await createUser(t);
    const token = await issueUserToken(t.database.db, user.id, 'reset');
    const row = await t.database.db
      .selectFrom('user_tokens')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(60 * 60 * 1000);
  });
});

describe(`password links issued before migration 0025 on ${engine}`, () => {
  it("are bound to the account's address, and voided when the account changed since they were sent", async () => {
    const database = await createTestDatabase('0024_open_passengers');
    try {
      const { db } = database;
      const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 12, minutes)).toISOString();
      const user = await db
        .insertInto('users')
        .values({
          first_name: 'Alix',
          last_name: 'Morel',
          email: 'alix.morel@example.test',
          password_hash: null,
          role_id: 3,
          created_at: at(0),
          updated_at: at(30),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = (name: string, createdAt: string, usedAt: string | null = null) => ({
        user_id: user.id,
        kind: 'first_login' as const,
        token_hash: sha256(name),
        created_at: createdAt,
        expires_at: '2099-01-01T00:00:00.000Z',
        used_at: usedAt,
      });
      // Before 0025 the table has no email column: the rows are written as they were then.
      await db
        .insertInto('user_tokens')
        .values([token('before-change', at(10)), token('after-change', at(40)), token('used', at(5), at(6))] as never)
        .execute();
      await migrateToLatest(db, database.dialect);
      const rows = await db
        .selectFrom('user_tokens')
        .select(['token_hash', 'email', 'used_at'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [r.token_hash, r.email, r.used_at === null])).toEqual([
        [sha256('before-change'), 'alix.morel@example.test', false],
        [sha256('after-change'), 'alix.morel@example.test', true],
        [sha256('used'), 'alix.morel@example.test', false],
      ]);
      // From now on the database itself voids them.
      await db.updateTable('users').set({ email: 'alix.morel@example.com' }).where('id', '=', user.id).execute();
      const pending = await db.selectFrom('user_tokens').select('id').where('used_at', 'is', null).execute();
      expect(pending).toEqual([]);
    } finally {
      await database.destroy();
    }
  });
});
