import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ensureFirstAdmin } from '../../src/auth/bootstrap.js';
import { hashPassword, verifyPassword } from '../../src/auth/passwords.js';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../helpers.js';
import { Browser } from './support.js';

describe('password hashing', () => {
  it('uses scrypt with its parameters and a salt of its own in every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('même mot de passe'), hashPassword('même mot de passe')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    const saltOf = (hash: string) => hash.split('$')[4];
    expect(saltOf(a)).not.toBe(saltOf(b));
    expect(a).not.toBe(b);
    expect(await verifyPassword('même mot de passe', a)).toBe(true);
    expect(await verifyPassword('même mot de passe', b)).toBe(true);
    expect(await verifyPassword('Même mot de passe', a)).toBe(false);
    expect(await verifyPassword('x', 'md5$abc')).toBe(false);
  });
});

describe(`first administrator on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('is created once, as su, with generated credentials printed once, that sign in', async () => {
    const lines: string[] = [];
    // Two processes starting together on an empty database: one admin, one print.
    await Promise.all([
      ensureFirstAdmin(database.db, testConfig(), (line) => lines.push(line)),
      ensureFirstAdmin(database.db, testConfig(), (line) => lines.push(line)),
    ]);
    const users = await database.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.email', 'users.password_hash', 'roles.slug'])
      .execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: 'admin@localhost', slug: 'su' });
    const created = lines.filter((l) => l.startsWith('Administrateur créé : '));
    expect(created).toHaveLength(1);
    const match = /^Administrateur créé : admin@localhost \/ (\S{20,})$/.exec(created[0]!);
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(users[0]!.password_hash).not.toContain(password);

    await ensureFirstAdmin(database.db, testConfig(), (line) => lines.push(line));
    expect(lines.filter((l) => l.startsWith('Administrateur créé'))).toHaveLength(1);

    const app = await buildApp({ config: testConfig(), database });
    try {
      const browser = new Browser({ app });
      const login = await browser.login('admin@localhost', password);
      expect(login.statusCode).toBe(200);
      expect(login.json().user.role.slug).toBe('su');
    } finally {
      await app.close();
    }
  });

  it('takes ADMIN_EMAIL and ADMIN_PASSWORD when given, and never prints the password', async () => {
    await database.db.deleteFrom('users').execute();
    const lines: string[] = [];
    await ensureFirstAdmin(
      database.db,
      testConfig({ adminEmail: 'Chef@Montgolfiere.test', adminPassword: 'secret-de-deploiement' }),
      (line) => lines.push(line),
    );
    const user = await database.db.selectFrom('users').select(['email', 'password_hash']).executeTakeFirstOrThrow();
    expect(user.email).toBe('chef@montgolfiere.test');
    expect(await verifyPassword('secret-de-deploiement', user.password_hash!)).toBe(true);
    expect(lines.join('\n')).not.toContain('secret-de-deploiement');
    expect(lines[0]).toMatch(/^Administrateur créé : chef@montgolfiere.test/);
  });
});
