import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { redactUrl } from '../../src/http/log-redaction.js';
import { Browser, createUser, linkIn, startSmtp } from '../auth/support.js';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../helpers.js';

// Issue "Harden the API", failure 3: a token read in a log, or in the outbox table, reset a password.

describe(`no secret in logs or stored mails on ${engine}`, () => {
  let database: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtp();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ smtpUrl: smtp.smtpUrl, logLevel: 'debug', appUrl: 'https://bo.example.test' }),
      database,
      logger: true,
      logStream: { write: (line: string) => lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await smtp.close();
  });

  it('never logs the token or email of a mailed link, nor secret parameters elsewhere, and keeps no token once sent', async () => {
    const user = await createUser({ app, database } as never, { email: 'claire.petit@example.test' });
    const browser = new Browser({ app });
    await browser.request('GET', '/csrf-cookie');
    const caught = smtp.nextMail(user.email);
    expect((await browser.request('POST', '/forgot-password', { email: user.email })).statusCode).toBe(200);
    const link = linkIn(await caught, '/auth/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);

    // The user opens the mailed link, then the web app posts the new password.
    await browser.request('GET', `${link.pathname}${link.search}`);
    await browser.request('GET', `/api/bookings?token=${token}&password=hunter2&page=1`);
    await browser.request('POST', '/reset-password', {
      token,
      email: user.email,
      password: 'nouveau-mot-de-passe',
      password_confirmation: 'nouveau-mot-de-passe',
    });
    await browser.request('POST', '/login', { email: user.email, password: 'nouveau-mot-de-passe' });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(4);
    expect(log).toContain('/auth/reset-password');
    expect(log).not.toContain(token);
    expect(log).not.toContain('claire.petit');
    expect(log).not.toContain('hunter2');
    expect(log).not.toContain('nouveau-mot-de-passe');

    // Sent: the outbox copy no longer holds the link's token.
    const stored = await database.db
      .selectFrom('outbox_mails')
      .selectAll()
      .where('recipient', '=', user.email)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sent_at).not.toBeNull();
    expect(stored[0]!.html).not.toContain(token);
    expect(stored[0]!.text).not.toContain(token);
    expect(stored[0]!.html).toContain('[retiré après envoi]');
  });

  it('redacts query strings of the auth pages and secret parameters anywhere', () => {
    expect(redactUrl('/auth/first-login?token=abc&email=a%40b.fr')).toBe('/auth/first-login?[masqué]');
    expect(redactUrl('/api/x?page=2&api_key=s3cr3t&Email=a@b.fr')).toBe(
      '/api/x?page=2&api_key=[masqué]&Email=[masqué]',
    );
    expect(redactUrl('/api/x?filters=number|=|1')).toBe('/api/x?filters=number|=|1');
    expect(redactUrl('/api/x?%74oken=zzz')).toBe('/api/x?%74oken=[masqué]');
  });
});
