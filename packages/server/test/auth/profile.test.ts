import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueUserToken } from '../../src/auth/user-tokens.js';
import { createTestApp, engine, type TestApp } from '../helpers.js';
import { Browser, createUser, linkAndUnknownAnswers, signInWithPassword, usePasswordLink } from './support.js';

describe(`profile on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('PUT /api/profile changes name and email and answers the session user', async () => {
    const { browser, user } = await signInWithPassword(t, 'operator');
    const response = await browser.request('PUT', '/api/profile', {
      first_name: 'Noé',
      last_name: 'Lefèvre',
      email: 'Noe.Lefevre@example.test',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      first_name: 'Noé',
      last_name: 'Lefèvre',
      email: 'noe.lefevre@example.test',
      role: { slug: 'operator' },
      capabilities: [],
    });
    const taken = await createUser(t);
    const clash = await browser.request('PUT', '/api/profile', { first_name: 'N', last_name: 'L', email: taken.email });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ email: ['Cette adresse email est déjà utilisée.'] });
  });

  it('PUT /api/profile/password needs the current password, keeps this session and ends the others', async () => {
    const { browser, user } = await signInWithPassword(t);
    const elsewhere = new Browser(t);
    await elsewhere.login(user.email, user.password!);

    const wrong = await browser.request('PUT', '/api/profile/password', {
      current_password: 'pas-le-bon',
      password: 'nouveau-secret',
      password_confirmation: 'nouveau-secret',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['Le mot de passe actuel est incorrect.'] });
    const short = await browser.request('PUT', '/api/profile/password', {
      current_password: user.password,
      password: 'court',
      password_confirmation: 'court',
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toBe('Le mot de passe doit contenir au moins 8 caractères.');

    const ok = await browser.request('PUT', '/api/profile/password', {
      current_password: user.password,
      password: 'nouveau-secret',
      password_confirmation: 'nouveau-secret',
    });
    expect(ok.statusCode).toBe(200);
    expect((await browser.request('GET', '/api/me')).statusCode).toBe(200);
    expect((await elsewhere.request('GET', '/api/me')).statusCode).toBe(401);
    expect((await new Browser(t).login(user.email, 'nouveau-secret')).statusCode).toBe(200);
  });

  it('a new email voids the pending password links, whichever address they are used with (issue 26)', async () => {
    const { browser, user } = await signInWithPassword(t, 'operator');
    const links = {
      reset: await issueUserToken(t.database.db, user.id, 'reset'),
      first_login: await issueUserToken(t.database.db, user.id, 'first_login'),
    };
    const changed = await browser.request('PUT', '/api/profile', {
      first_name: 'Camille',
      last_name: 'Durand',
      email: `nouvelle-${user.id}@example.test`,
    });
    expect(changed.statusCode).toBe(200);
    for (const [kind, token] of Object.entries(links) as [keyof typeof links, string][]) {
      for (const email of [user.email, `nouvelle-${user.id}@example.test`]) {
        const { link, unknown } = await linkAndUnknownAnswers(t, kind, token, email);
        expect(link.status, `${kind}, ${email}`).toBe(422);
        expect(link, `${kind}, ${email}`).toEqual(unknown);
      }
    }
  });

  it('a new name with the same email leaves a pending reset link working', async () => {
    const { browser, user } = await signInWithPassword(t);
    const token = await issueUserToken(t.database.db, user.id, 'reset');
    const renamed = await browser.request('PUT', '/api/profile', {
      first_name: 'Dominique',
      last_name: 'Durand',
      email: user.email,
    });
    expect(renamed.statusCode).toBe(200);
    expect((await usePasswordLink(t, 'reset', token, user.email)).statusCode).toBe(200);
  });

  it('a new password voids the pending reset link (issue 26)', async () => {
    const { browser, user } = await signInWithPassword(t);
    const token = await issueUserToken(t.database.db, user.id, 'reset');
    const changed = await browser.request('PUT', '/api/profile/password', {
      current_password: user.password,
      password: 'nouveau-secret',
      password_confirmation: 'nouveau-secret',
    });
    expect(changed.statusCode).toBe(200);
    const { link, unknown } = await linkAndUnknownAnswers(t, 'reset', token, user.email);
    expect(link.status).toBe(422);
    expect(link).toEqual(unknown);
    expect((await new Browser(t).login(user.email, 'nouveau-secret')).statusCode).toBe(200);
  });

  it('guessing the current password is throttled like a sign-in', async () => {
    const { browser } = await signInWithPassword(t);
    for (let i = 0; i < 5; i++) {
      const r = await browser.request('PUT', '/api/profile/password', {
        current_password: `faux-${i}`,
        password: 'nouveau-secret',
        password_confirmation: 'nouveau-secret',
      });
      expect(r.statusCode).toBe(422);
    }
    const blocked = await browser.request('PUT', '/api/profile/password', {
      current_password: 'faux',
      password: 'nouveau-secret',
      password_confirmation: 'nouveau-secret',
    });
    expect(blocked.statusCode).toBe(429);
  });
});
