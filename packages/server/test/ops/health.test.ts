import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/database.js';
import { recordLastBackup } from '../../src/services/backup.js';
import { apiToken } from '../auth/support.js';
import { createSharedTestDatabase, engine, signIn, type TestApp, type TestDatabase, testConfig } from '../helpers.js';

// Issue 32: GET /health?deep=1 tells an operator's monitoring how old the oldest waiting mail and the last backup
// are; only for an API key or an administrator, and 503 like the plain check when the database does not answer.

describe(`GET /health?deep=1 on ${engine}`, () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    database = await createSharedTestDatabase();
    const app = await buildApp({ config: testConfig(), database });
    await app.ready();
    t = { app, database, close: () => app.close() };
  });
  afterAll(async () => {
    await t.close();
    await database.destroy();
  });
  const deep = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/health?deep=1', headers });

  it('answers an API key and an administrator, not an anonymous caller nor an operator', async () => {
    const anonymous = await deep();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Non authentifié.' });
    expect((await deep({ authorization: 'Bearer faux' })).statusCode).toBe(401);
    const operator = await signIn(t, 'operator');
    expect((await deep(operator.headers)).statusCode).toBe(403);
    const { token } = await apiToken(t, 'Supervision');
    expect((await deep({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const admin = await signIn(t, 'admin');
    expect((await deep(admin.headers)).statusCode).toBe(200);
    // The plain check stays open to the load balancer, and says no more.
    const plain = await t.app.inject({ method: 'GET', url: '/health' });
    expect(plain.json()).toEqual({ status: 'ok', maintenance: false });
  });

  it("gives the oldest waiting mail's age and the last backup's", async () => {
    const { headers } = await signIn(t, 'admin');
    const empty = (await deep(headers)).json();
    expect(empty).toMatchObject({
      status: 'ok',
      mail_queue: { waiting: 0, oldest_waiting_at: null, oldest_waiting_age_s: null },
      backup: { last_at: null, last_age_s: null, daily: { is_enabled: false, last_result: null } },
    });
    const mail = (minutesAgo: number, status: 'pending' | 'sent') => ({
      recipient: 'attente@example.test',
      subject: 'En attente',
      html: '<p>x</p>',
      text: 'x',
      status,
      created_at: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    });
    await database.db
      .insertInto('outbox_mails')
      .values([mail(90, 'sent'), mail(10, 'pending'), mail(2, 'pending')])
      .execute();
    await recordLastBackup(database.db, '/var/backups/montgolfiere/x', new Date(Date.now() - 2 * 3600_000));
    const body = (await deep(headers)).json();
    expect(body.mail_queue.waiting).toBe(2);
    expect(body.mail_queue.oldest_waiting_age_s).toBeGreaterThanOrEqual(600);
    expect(body.mail_queue.oldest_waiting_age_s).toBeLessThan(660);
    expect(body.backup.last_age_s).toBeGreaterThanOrEqual(7200);
    expect(body.backup.last_age_s).toBeLessThan(7260);
  });

  it('answers 503 without details when the database is away', async () => {
    const own = createDatabase(database.url, { poolSize: 2 });
    const app = await buildApp({ config: testConfig(), database: own });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/health?deep=1' })).statusCode).toBe(401);
      await own.destroy();
      const down = await app.inject({ method: 'GET', url: '/health?deep=1' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', reason: 'La base de données ne répond pas.' });
    } finally {
      await app.close();
    }
  });
});
