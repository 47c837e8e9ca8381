import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { LOGIN_WINDOW_MS, loginKeys } from '../../src/auth/throttle.js';
import { createTestApp, engine, type TestApp, testConfig } from '../helpers.js';
import { Browser, createUser } from './support.js';

describe(`login throttling on ${engine}`, () => {
  let t: TestApp;
  // Behind one reverse proxy, so X-Forwarded-For tells the client IP (TRUST_PROXY=1).
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(() => t.close());

  const fromIp = (ip: string) => new Browser(t, { 'x-forwarded-for': ip });

  it('refuses the 6th attempt after 5 failures for (email, ip), even with the right password, then allows it after the window', async () => {
    const user = await createUser(t);
    const browser = fromIp('203.0.113.10');
    await browser.request('GET', '/csrf-cookie');
    for (let i = 0; i < 5; i++) {
      expect((await browser.request('POST', '/login', { email: user.email, password: `faux-${i}` })).statusCode).toBe(
        422,
      );
    }
    const blocked = await browser.request('POST', '/login', { email: user.email, password: user.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.',
    });
    expect(browser.sessionToken).toBeUndefined();

    // Another process shares the counters: they are rows, not memory.
    const other = await buildApp({ config: testConfig({ trustProxy: 1 }), database: t.database });
    try {
      const response = await other.inject({
        method: 'POST',
        url: '/login',
        headers: { ...browser.headers(), 'x-forwarded-for': '203.0.113.10' },
        payload: { email: user.email, password: user.password },
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await other.close();
    }

    // Another ip is not concerned.
    const elsewhere = fromIp('198.51.100.7');
    await elsewhere.request('GET', '/csrf-cookie');
    expect((await elsewhere.request('POST', '/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );

    // 12 minutes later the oldest failure is 3 minutes from leaving the window.
    const [key] = loginKeys(user.email, '203.0.113.10');
    const shift = async (ms: number) => {
      const rows = await t.database.db
        .selectFrom('login_attempts')
        .select(['id', 'attempted_at'])
        .where('key', '=', key!.key)
        .execute();
      for (const row of rows) {
        await t.database.db
          .updateTable('login_attempts')
          .set({ attempted_at: new Date(Date.parse(row.attempted_at) - ms).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
    };
    await shift(12 * 60_000);
    const later = await browser.request('POST', '/login', { email: user.email, password: user.password });
    expect(later.statusCode).toBe(429);
    expect(later.json().message).toBe('Trop de tentatives de connexion. Veuillez réessayer dans 3 minutes.');

    await shift(LOGIN_WINDOW_MS - 12 * 60_000 + 1000);
    expect((await browser.request('POST', '/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });

  it('a success clears the (email, ip) counter', async () => {
    const user = await createUser(t);
    const browser = fromIp('203.0.113.20');
    await browser.request('GET', '/csrf-cookie');
    for (let i = 0; i < 4; i++) await browser.request('POST', '/login', { email: user.email, password: 'faux' });
    expect((await browser.request('POST', '/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
    const [key] = loginKeys(user.email, '203.0.113.20');
    const left = await t.database.db.selectFrom('login_attempts').select('id').where('key', '=', key!.key).execute();
    expect(left).toEqual([]);
    for (let i = 0; i < 4; i++) {
      expect((await browser.request('POST', '/login', { email: user.email, password: 'faux' })).statusCode).toBe(422);
    }
  });

  it('refuses an ip after 50 failures whatever the emails', async () => {
    const user = await createUser(t);
    const ip = '203.0.113.30';
    const now = Date.now();
    await t.database.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          key: `ip:${ip}`,
          attempted_at: new Date(now - i * 1000).toISOString(),
        })),
      )
      .execute();
    const browser = fromIp(ip);
    await browser.request('GET', '/csrf-cookie');
    expect((await browser.request('POST', '/login', { email: user.email, password: user.password })).statusCode).toBe(
      429,
    );
  });

  it('purges attempts older than the window', async () => {
    const old = new Date(Date.now() - LOGIN_WINDOW_MS - 60_000).toISOString();
    await t.database.db.insertInto('login_attempts').values({ key: 'ip:192.0.2.99', attempted_at: old }).execute();
    const browser = fromIp('192.0.2.100');
    await browser.request('GET', '/csrf-cookie');
    await browser.request('POST', '/login', { email: 'personne@example.test', password: 'faux' });
    const rows = await t.database.db
      .selectFrom('login_attempts')
      .select('id')
      .where('key', '=', 'ip:192.0.2.99')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe(`login throttling under parallel attempts on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: 1 } });
  });
  afterAll(() => t.close());

  it('counts 30 simultaneous wrong attempts as 30: five are checked, the others are refused', async () => {
    const user = await createUser(t);
    const browser = new Browser(t, { 'x-forwarded-for': '203.0.113.40' });
    await browser.request('GET', '/csrf-cookie');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => browser.request('POST', '/login', { email: user.email, password: `x${i}` })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
  });

  it('100 simultaneous attempts through two server processes, the right password last, never check more than five', async () => {
    const user = await createUser(t);
    const other = await buildApp({ config: testConfig({ trustProxy: 1 }), database: t.database });
    try {
      const browser = new Browser(t, { 'x-forwarded-for': '203.0.113.41' });
      await browser.request('GET', '/csrf-cookie');
      const headers = browser.headers();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 ? other : t.app).inject({
            method: 'POST',
            url: '/login',
            headers,
            payload: { email: user.email, password: i === 99 ? user.password : `faux-${i}` },
          }),
        ),
      );
      const checked = answers.filter((a) => a.statusCode !== 429);
      expect(checked.length).toBeLessThanOrEqual(5);
      expect(answers.filter((a) => a.statusCode === 429).length).toBeGreaterThanOrEqual(95);
      expect(answers.every((a) => [200, 422, 429].includes(a.statusCode))).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe(`login throttling without a trusted proxy on ${engine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores a forged X-Forwarded-For, so changing it does not escape the limit', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const browser = new Browser(t, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      await browser.request('GET', '/csrf-cookie');
      expect((await browser.request('POST', '/login', { email: user.email, password: `faux-${i}` })).statusCode).toBe(
        422,
      );
    }
    const browser = new Browser(t, { 'x-forwarded-for': '198.51.100.200' });
    await browser.request('GET', '/csrf-cookie');
    expect((await browser.request('POST', '/login', { email: user.email, password: user.password })).statusCode).toBe(
      429,
    );
  });
});
