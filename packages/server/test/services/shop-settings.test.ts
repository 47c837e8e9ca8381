import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { appKeyFile } from '../../src/services/secret-box.js';
import { createTestDatabase, engine, signIn, type TestApp, type TestDatabase, testConfig } from '../helpers.js';

// Issue 10 online-shop settings: the consumer secret is sealed with APP_KEY (a key file created owner-only beside the
// data when absent), never answered by any read, and « Tester la connexion » reads the shop's WooCommerce REST API.
// The shop is a local HTTP server answering like WooCommerce's GET /wp-json/wc/v3/system_status (its published
// response: an object with `environment`, `database`, `settings`...), since no real shop can be reached here.

const SECRET = 'cs_0123456789abcdef0123456789abcdef01234567';
const KEY = 'ck_fedcba9876543210fedcba9876543210fedcba98';

describe(`online-shop settings on ${engine}`, () => {
  let t: TestApp;
  let database: TestDatabase;
  let dataDir: string;
  let shop: http.Server;
  let shopUrl: string;
  const authorizations: string[] = [];
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-settings-'));
    database = await createTestDatabase();
    // The shop below listens on 127.0.0.1 over http: an intranet install's setting (SHOP_ALLOW_PRIVATE=1).
    const app = await buildApp({
      config: testConfig({ dataDir, appKey: undefined, shopAllowPrivate: true }),
      database,
    });
    await app.ready();
    t = {
      app,
      database,
      close: async () => {
        await app.close();
        await database.destroy();
      },
    };
    shop = http.createServer((request, response) => {
      authorizations.push(request.headers.authorization ?? '');
      const expected = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
      if (request.url !== '/wp-json/wc/v3/system_status' || request.headers.authorization !== expected) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            code: 'woocommerce_rest_cannot_view',
            message: 'Désolé, vous ne pouvez pas lister les ressources.',
            data: { status: 401 },
          }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          environment: { home_url: 'https://boutique.test', version: '9.4.2' },
          settings: { currency: 'EUR' },
        }),
      );
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => shop.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('seals the secret, never answers it, and keeps the key file owner-only', async () => {
    const { headers } = await signIn(t, 'su');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers,
      payload: {
        settings: { woocommerce_url: shopUrl, woocommerce_consumer_key: KEY, woocommerce_consumer_secret: SECRET },
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SECRET);
    const stored = await t.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'woocommerce_consumer_secret')
      .executeTakeFirstOrThrow();
    expect(stored.value).toMatch(/^enc:v1:/);
    expect(stored.value).not.toContain(SECRET);
    const one = await t.app.inject({ method: 'GET', url: '/api/settings/woocommerce_consumer_secret', headers });
    expect(one.json()).toEqual({ key: 'woocommerce_consumer_secret', value: null, is_set: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/settings?filters=key|like|~woocommerce~', headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain('enc:v1:');
    const row = (list.json() as { key: string; value: string | null; is_set: number }[]).find(
      (s) => s.key === 'woocommerce_consumer_secret',
    );
    expect(row).toMatchObject({ value: null, is_set: 1 });
    const mode = fs.statSync(appKeyFile({ dataDir })).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('tests the connection with the stored credentials: success, then a refused secret', async () => {
    const { headers } = await signIn(t, 'su');
    const ok = await t.app.inject({ method: 'POST', url: '/api/woocommerce/test-connection', headers, payload: {} });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: 'Connexion réussie à la boutique (WooCommerce 9.4.2).' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/woocommerce_consumer_secret',
      headers,
      payload: { value: 'cs_mauvais' },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/woocommerce/test-connection',
      headers,
      payload: {},
    });
    expect(refused.json().ok).toBe(false);
    expect(refused.json().message).toContain('refuse ces identifiants');
    expect(authorizations.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the shop to the super user (403 for an administrator), and says what is missing', async () => {
    const { headers: admin } = await signIn(t, 'admin');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/woocommerce/test-connection', headers: admin, payload: {} }))
        .statusCode,
    ).toBe(403);
    const { headers } = await signIn(t, 'su');
    await t.app.inject({ method: 'PUT', url: '/api/settings/woocommerce_url', headers, payload: { value: '' } });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/woocommerce/test-connection',
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toContain('Renseignez');
  });
});
