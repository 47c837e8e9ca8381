import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appKeyOf, sealSecret } from '../../src/services/secret-box.js';
import {
  classifyAddress,
  pinnedLookup,
  RefusedAddressError,
  SHOP_ADDRESS_MESSAGES,
} from '../../src/services/shop-address.js';
import { pushDueShopSyncs } from '../../src/services/shop-sync.js';
import { createTestApp, engine, signIn, type TestApp, testConfig } from '../helpers.js';
import { newBooking } from './builders.js';
import { type FakeShop, SHOP_KEY, SHOP_SECRET, startFakeShop, wooOrder } from './fake-woocommerce.js';

// Issue 26, the online shop's address: the server connects only to public https:// shops (no loopback, private,
// link-local, reserved address, however the host is written), checked when the address is saved and again by
// each connection on the address it resolves to; redirects are not followed. SHOP_ALLOW_PRIVATE=1 lets an
// intranet install reach a private shop over http://. The shop is the local fake of fake-woocommerce.ts.

const appKey = crypto.randomBytes(32).toString('base64');

async function storeShop(t: TestApp, url: string): Promise<void> {
  // Written straight into the table, as an address saved before this rule (or by hand) would be.
  const values = {
    woocommerce_url: url,
    woocommerce_consumer_key: SHOP_KEY,
    woocommerce_consumer_secret: sealSecret(appKeyOf({ appKey, dataDir: '/nonexistent' }), SHOP_SECRET),
  };
  await t.database.db.deleteFrom('settings').where('key', 'like', 'woocommerce_%').execute();
  for (const [key, value] of Object.entries(values)) {
    await t.database.db.insertInto('settings').values({ key, value }).execute();
  }
}

async function storedUrl(t: TestApp): Promise<string | null> {
  const row = await t.database.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'woocommerce_url')
    .executeTakeFirst();
  return row?.value ?? null;
}

/** This machine's own name, when it resolves (hosts file or DNS) to addresses none of which is public. */
async function ownNameResolvingPrivate(): Promise<string | null> {
  try {
    const addresses = await dns.promises.lookup(os.hostname(), { all: true });
    return addresses.length && addresses.every((a) => classifyAddress(a.address) !== 'public') ? os.hostname() : null;
  } catch {
    return null;
  }
}

describe(`the online shop's address on ${engine}`, () => {
  let strict: TestApp;
  let intranet: TestApp;
  let shop: FakeShop;
  let su: Record<string, string>;
  let operator: Record<string, string>;
  let intranetSu: Record<string, string>;
  beforeAll(async () => {
    strict = await createTestApp({ config: { appKey } });
    intranet = await createTestApp({ config: { appKey, shopAllowPrivate: true } });
    shop = await startFakeShop();
    ({ headers: su } = await signIn(strict, 'su'));
    ({ headers: operator } = await signIn(strict, 'operator'));
    ({ headers: intranetSu } = await signIn(intranet, 'su'));
  });
  afterAll(async () => {
    await strict.close();
    await intranet.close();
    await shop.close();
  });
  beforeEach(() => {
    shop.orders = [];
    shop.requests = [];
    shop.redirectTo = null;
  });

  const saveOne = (t: TestApp, headers: Record<string, string>, value: string) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/woocommerce_url', headers, payload: { value } });
  const testConnection = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/woocommerce/test-connection', headers, payload: {} });

  it('refuses on save, with a French field error, every private or reserved host however it is written', async () => {
    await storeShop(strict, 'https://boutique.exemple.fr');
    const forbidden = SHOP_ADDRESS_MESSAGES.forbidden;
    const isPrivate = SHOP_ADDRESS_MESSAGES.private;
    const cases: [string, string][] = [
      // The addresses, over https so that the address is what is refused.
      ['https://169.254.169.254/latest/meta-data', forbidden],
      ['https://[::ffff:169.254.169.254]/', forbidden],
      ['https://2852039166/', forbidden],
      ['https://0xa9fea9fe/', forbidden],
      ['https://0251.0376.0251.0376/', forbidden],
      ['https://169.254.169.254./', forbidden],
      ['https://[fe80::1]/', forbidden],
      ['https://0.0.0.0/', forbidden],
      ['https://0/', forbidden],
      ['https://[::]/', forbidden],
      ['https://224.0.0.1/', forbidden],
      ['https://[ff02::1]/', forbidden],
      ['https://255.255.255.255/', forbidden],
      ['https://192.0.2.10/', forbidden],
      ['https://[2001:db8::1]/', forbidden],
      ['https://[64:ff9b::a9fe:a9fe]/', forbidden], // NAT64 of 169.254.169.254
      ['https://[2002:a9fe:a9fe::1]/', forbidden], // 6to4 of 169.254.169.254
      ['https://127.0.0.1:8443/', isPrivate],
      ['https://127.1/', isPrivate],
      ['https://0x7f000001/', isPrivate],
      ['https://[::1]/', isPrivate],
      ['https://[::ffff:7f00:1]/', isPrivate],
      ['https://localhost/', isPrivate],
      ['https://shop.localhost./', isPrivate],
      ['https://10.1.2.3/', isPrivate],
      ['https://172.16.0.5/', isPrivate],
      ['https://192.168.1.20/', isPrivate],
      ['https://100.64.0.1/', isPrivate],
      ['https://[fd12:3456::1]/', isPrivate],
      ['https://[64:ff9b::a00:1]/', isPrivate], // NAT64 of 10.0.0.1
      // Plain http: the key and secret would travel in clear (and the issue's own addresses are refused for it).
      ['http://169.254.169.254/latest/meta-data', SHOP_ADDRESS_MESSAGES.httpsOnly],
      ['http://[::ffff:169.254.169.254]/', SHOP_ADDRESS_MESSAGES.httpsOnly],
      ['http://2852039166/', SHOP_ADDRESS_MESSAGES.httpsOnly],
      ['http://boutique.exemple.fr', SHOP_ADDRESS_MESSAGES.httpsOnly],
      ['ftp://boutique.exemple.fr', SHOP_ADDRESS_MESSAGES.httpsOnly],
      ['https://admin:motdepasse@boutique.exemple.fr', SHOP_ADDRESS_MESSAGES.userinfo],
    ];
    for (const [url, message] of cases) {
      const one = await saveOne(strict, su, url);
      expect(one.statusCode, url).toBe(422);
      expect(one.json(), url).toEqual({ message, errors: { value: [message] } });
      const batch = await strict.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: su,
        payload: { settings: { woocommerce_url: url, woocommerce_consumer_key: 'ck_autre' } },
      });
      expect(batch.statusCode, url).toBe(422);
      expect(batch.json().errors, url).toEqual({ 'settings.woocommerce_url': [message] });
    }
    // Nothing was written: the address and key saved before are still there.
    expect(await storedUrl(strict)).toBe('https://boutique.exemple.fr');
    const key = await strict.database.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'woocommerce_consumer_key')
      .executeTakeFirst();
    expect(key?.value).toBe(SHOP_KEY);
    // A public shop over https, and an empty address (the shop unplugged), are saved.
    for (const url of ['https://boutique.exemple.fr/', 'https://[2606:4700::1111]/', 'https://8.8.8.8:8443', '']) {
      const saved = await saveOne(strict, su, url);
      expect(saved.statusCode, url).toBe(200);
      expect(await storedUrl(strict)).toBe(url);
    }
  });

  it('lets an intranet install (SHOP_ALLOW_PRIVATE) save a private shop over http, never a link-local one', async () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://192.168.1.20/boutique',
      'https://[fd12::1]/',
      'http://intranet',
    ]) {
      const saved = await saveOne(intranet, intranetSu, url);
      expect(saved.statusCode, url).toBe(200);
    }
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fe80::1]/', 'http://0.0.0.0/']) {
      const refused = await saveOne(intranet, intranetSu, url);
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json().errors.value, url).toEqual([SHOP_ADDRESS_MESSAGES.forbidden]);
    }
    expect((await saveOne(intranet, intranetSu, 'ftp://boutique.fr')).json().errors.value).toEqual([
      SHOP_ADDRESS_MESSAGES.scheme,
    ]);
  });

  it('refuses at connect time an address saved before the rule: no request, a French message, never a 500', async () => {
    shop.orders = [wooOrder(1)];
    const local = new URL(shop.url);
    for (const [url, message] of [
      // The key and secret are not sent over plain http, even to a public-looking host.
      [shop.url, SHOP_ADDRESS_MESSAGES.httpsOnly],
      [`https://${local.host}`, SHOP_ADDRESS_MESSAGES.private],
      [`https://[::ffff:127.0.0.1]:${local.port}`, SHOP_ADDRESS_MESSAGES.private],
      [`https://2130706433:${local.port}`, SHOP_ADDRESS_MESSAGES.private],
      ['https://169.254.169.254/latest/meta-data', SHOP_ADDRESS_MESSAGES.forbidden],
    ] as const) {
      await storeShop(strict, url);
      const tested = await testConnection(strict, su);
      expect(tested.statusCode, url).toBe(200);
      expect(tested.json(), url).toEqual({ ok: false, message });
      // The import is open to any operator: it answers the same refusal as a field error of the address.
      const imported = await strict.app.inject({
        method: 'POST',
        url: '/api/woocommerce/import-orders',
        headers: operator,
      });
      expect(imported.statusCode, url).toBe(422);
      expect(imported.json(), url).toEqual({ message, errors: { woocommerce_url: [message] } });
    }
    expect(shop.requests).toEqual([]);
    expect(await strict.database.db.selectFrom('bookings').select('id').execute()).toEqual([]);
  });

  it('resolves a name in the connection itself and refuses it when it leads to the server or a private network', async () => {
    const port = new URL(shop.url).port;
    // `localhost` is refused by its name already; the lookup itself refuses what it resolves to.
    const lookup = pinnedLookup('localhost', { allowPrivate: false });
    const error = await new Promise<unknown>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(error).toBeInstanceOf(RefusedAddressError);
    expect((error as Error).message).toBe(SHOP_ADDRESS_MESSAGES.resolved('localhost'));
    const allowed = pinnedLookup('localhost', { allowPrivate: true });
    const found = await new Promise<unknown>((resolve) =>
      allowed('localhost', { all: true }, (e, addresses) => resolve(e ?? addresses)),
    );
    expect(found).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]));

    // A name the address rule cannot judge by its text: this machine's own, when it resolves to a private address.
    const own = await ownNameResolvingPrivate();
    if (own) {
      await storeShop(strict, `https://${own}:${port}`);
      expect((await testConnection(strict, su)).json()).toEqual({
        ok: false,
        message: SHOP_ADDRESS_MESSAGES.resolved(own),
      });
      const imported = await strict.app.inject({
        method: 'POST',
        url: '/api/woocommerce/import-orders',
        headers: operator,
      });
      expect(imported.statusCode).toBe(422);
      expect(imported.json().message).toBe(SHOP_ADDRESS_MESSAGES.resolved(own));
    }
    expect(shop.requests).toEqual([]);

    // With SHOP_ALLOW_PRIVATE the same kind of name reaches the shop, through the same lookup.
    await storeShop(intranet, `http://localhost:${port}`);
    expect((await testConnection(intranet, intranetSu)).json()).toEqual({
      ok: true,
      message: 'Connexion réussie à la boutique (WooCommerce 9.4.2).',
    });
    expect(shop.requests.map((r) => r.url)).toEqual(['/wp-json/wc/v3/system_status']);
  });

  it('does not follow a redirect, whatever its target', async () => {
    const elsewhere: string[] = [];
    const target = http.createServer((request, response) => {
      elsewhere.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ environment: { version: '1.0' } }));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
      await storeShop(intranet, shop.url);
      const redirected =
        'La boutique renvoie vers une autre adresse : enregistrez son adresse exacte (les redirections ne sont pas suivies).';
      for (const location of [`${targetUrl}/wp-json/wc/v3/system_status`, 'http://169.254.169.254/latest/meta-data']) {
        shop.redirectTo = location;
        expect((await testConnection(intranet, intranetSu)).json()).toEqual({ ok: false, message: redirected });
        const { headers } = await signIn(intranet, 'operator');
        const imported = await intranet.app.inject({ method: 'POST', url: '/api/woocommerce/import-orders', headers });
        expect(imported.statusCode).toBe(502);
        expect(imported.json()).toEqual({ message: redirected });
      }
      expect(elsewhere).toEqual([]);
    } finally {
      target.closeAllConnections();
      await new Promise((resolve) => target.close(resolve));
    }
  });

  it('records a refused address on the sync-back of a shop booking, and sends nothing', async () => {
    await storeShop(strict, `https://127.0.0.1:${new URL(shop.url).port}`);
    shop.orders = [wooOrder(77)];
    const bookingId = await newBooking(strict.database.db, { woocommerce_order_id: '77', booking_status_id: 2 });
    const { headers } = await signIn(strict, 'admin');
    const put = await strict.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      headers,
      payload: { booking_status_id: 3 },
    });
    expect(put.statusCode).toBe(200);
    expect(await pushDueShopSyncs(strict.database.db, testConfig({ appKey }))).toBe(0);
    const [job] = await strict.database.db.selectFrom('woocommerce_sync_jobs').selectAll().execute();
    expect(job).toMatchObject({ state: 'pending', attempts: 1, error: SHOP_ADDRESS_MESSAGES.private });
    expect(shop.requests).toEqual([]);
    expect(shop.orders[0]!.status).toBe('processing');
  });
});
