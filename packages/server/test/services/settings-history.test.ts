import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';

// Issue 26: what only the super user may read in the settings (the online shop's address, key and secret), only the
// super user reads in the write history, in the JSON list and in its CSV export alike; the other settings' history
// stays open to every administrator.

const SHOP_URL = 'https://boutique-historique.exemple.fr';
const SHOP_KEY = 'ck_historique0123456789abcdef0123456789ab';
const SHOP_SECRET = 'cs_historique0123456789abcdef0123456789ab';
const SU_ONLY = ['woocommerce_url', 'woocommerce_consumer_key', 'woocommerce_consumer_secret'];

type Entry = { resource: string; record_id: number; changes: string };

describe(`the history of su-only settings on ${engine}`, () => {
  let t: TestApp;
  let su: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    ({ headers: su } = await signIn(t, 'su'));
    ({ headers: admin } = await signIn(t, 'admin'));
    // Each shop key on its own (a create), then all together (an update), and an open setting beside them.
    for (const [key, value] of [
      ['woocommerce_url', SHOP_URL],
      ['woocommerce_consumer_key', SHOP_KEY],
      ['woocommerce_consumer_secret', SHOP_SECRET],
    ]) {
      const saved = await t.app.inject({ method: 'PUT', url: `/api/settings/${key}`, headers: su, payload: { value } });
      expect(saved.statusCode).toBe(200);
    }
    const batch = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: su,
      payload: {
        settings: {
          woocommerce_url: `${SHOP_URL}/v2`,
          woocommerce_consumer_key: `${SHOP_KEY}2`,
          woocommerce_consumer_secret: `${SHOP_SECRET}2`,
          company_name: 'Montgolfières du Léman',
        },
      },
    });
    expect(batch.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (headers: Record<string, string>, query = 'filters=resource|=|settings') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/history?page=1&per_page=100&${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: Entry[]; count: number };
  };
  const keysOf = (entries: Entry[]) => entries.flatMap((entry) => Object.keys(JSON.parse(entry.changes)));

  it('shows an administrator the history of the open settings only, in JSON', async () => {
    const { data, count } = await list(admin);
    expect(keysOf(data)).toEqual(['company_name']);
    expect(count).toBe(1);
    // However the list is asked: by record, by search, without filters.
    const shopRecords = await t.database.db.selectFrom('settings').select('id').where('key', 'in', SU_ONLY).execute();
    expect(shopRecords).toHaveLength(3);
    for (const { id } of shopRecords) {
      expect((await list(admin, `filters=resource|=|settings,record_id|=|${id}`)).data).toEqual([]);
    }
    const everything = await t.app.inject({ method: 'GET', url: '/api/history?page=1&per_page=100', headers: admin });
    for (const key of SU_ONLY) expect(everything.body).not.toContain(key);
    for (const value of [SHOP_URL, SHOP_KEY, 'boutique-historique']) expect(everything.body).not.toContain(value);
  });

  it('leaves none of them in the CSV export', async () => {
    for (const query of ['format=csv&filters=resource|=|settings', 'format=csv']) {
      const csv = await t.app.inject({ method: 'GET', url: `/api/history?${query}`, headers: admin });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.body).toContain('company_name');
      for (const key of SU_ONLY) expect(csv.body, key).not.toContain(key);
      for (const value of [SHOP_URL, SHOP_KEY, 'boutique-historique']) expect(csv.body).not.toContain(value);
    }
  });

  it('shows the super user every setting key, the secret still masked', async () => {
    const { data } = await list(su);
    const keys = keysOf(data);
    for (const key of [...SU_ONLY, 'company_name']) expect(keys, key).toContain(key);
    const changes = data.map((entry) => JSON.parse(entry.changes) as Record<string, [unknown, unknown]>);
    expect(changes).toContainEqual({ woocommerce_url: ['', SHOP_URL] });
    expect(changes).toContainEqual({ woocommerce_consumer_key: [SHOP_KEY, `${SHOP_KEY}2`] });
    expect(changes).toContainEqual({ woocommerce_consumer_secret: ['(secret)', '(secret)'] });
    const csv = await t.app.inject({ method: 'GET', url: '/api/history?format=csv', headers: su });
    for (const key of SU_ONLY) expect(csv.body, key).toContain(key);
    expect(csv.body).not.toContain(SHOP_SECRET);
  });

  it('keeps the settings list, the single read and the history on the same keys', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: admin });
    const listed = (settings.json() as { key: string }[]).map((row) => row.key);
    for (const key of SU_ONLY) {
      expect(listed).not.toContain(key);
      expect((await t.app.inject({ method: 'GET', url: `/api/settings/${key}`, headers: admin })).statusCode).toBe(403);
    }
    expect(listed).toContain('company_name');
  });
});
