import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appKeyOf, sealSecret } from '../../src/services/secret-box.js';
import { pushDueShopSyncs } from '../../src/services/shop-sync.js';
import {
  fetchPaidOrders,
  mapWooOrder,
  readShopCredentials,
  type ShopCredentials,
  ShopError,
} from '../../src/services/woocommerce.js';
import { createTestApp, engine, signIn, type TestApp, testConfig } from '../helpers.js';
import { newBooking } from './builders.js';
import { type FakeShop, SHOP_KEY, SHOP_SECRET, startFakeShop, wooOrder } from './fake-woocommerce.js';

// Issue 11, online shop: reading WooCommerce's orders (pagination, bad key, slow shop), mapping an order to the
// importer's shape, and the sync-back of a shop booking's completion or cancellation with its retry. The shop is
// the local fake of fake-woocommerce.ts (WooCommerce's published response shapes), as no real shop runs here.

const appKey = crypto.randomBytes(32).toString('base64');

export async function configureShop(t: TestApp, url: string, secret = SHOP_SECRET): Promise<void> {
  const sealed = sealSecret(appKeyOf({ appKey, dataDir: '/nonexistent' }), secret);
  for (const [key, value] of [
    ['woocommerce_url', url],
    ['woocommerce_consumer_key', SHOP_KEY],
    ['woocommerce_consumer_secret', sealed],
  ] as const) {
    await t.database.db.deleteFrom('settings').where('key', '=', key).execute();
    await t.database.db.insertInto('settings').values({ key, value }).execute();
  }
}

describe(`WooCommerce client and sync-back on ${engine}`, () => {
  let t: TestApp;
  let shop: FakeShop;
  let credentials: ShopCredentials;
  // The fake shop listens on 127.0.0.1: an intranet install's setting (SHOP_ALLOW_PRIVATE=1) lets it through.
  const config = testConfig({ appKey, shopAllowPrivate: true });
  beforeAll(async () => {
    t = await createTestApp({ config: { appKey, shopAllowPrivate: true } });
    shop = await startFakeShop();
    await configureShop(t, shop.url);
    credentials = (await readShopCredentials(t.database.db, config))!;
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });
  beforeEach(() => {
    shop.orders = [];
    shop.requests = [];
    shop.notes = [];
    shop.delayMs = 0;
    shop.failWrites = 0;
    shop.overlapPages = false;
  });
  afterEach(async () => {
    await t.database.db.deleteFrom('woocommerce_sync_jobs').execute();
  });

  it('reads every page of paid orders (per_page 100, X-WP-TotalPages), each order once', async () => {
    shop.orders = Array.from({ length: 230 }, (_, i) => wooOrder(1000 + i));
    shop.orders.push(wooOrder(5000, { status: 'pending' }), wooOrder(5001, { status: 'cancelled' }));
    shop.overlapPages = true;
    const orders = await fetchPaidOrders(credentials, null, AbortSignal.timeout(15_000));
    expect(orders).toHaveLength(230);
    expect(new Set(orders.map((o) => o.id)).size).toBe(230);
    const pages = shop.requests.map((r) => new URL(r.url, 'http://x').searchParams);
    expect(pages.map((p) => p.get('page'))).toEqual(['1', '2', '3']);
    expect(pages[0]!.get('per_page')).toBe('100');
    expect(pages[0]!.get('status')).toBe('processing,completed');
  });

  it('asks only for orders after the given date', async () => {
    shop.orders = [
      wooOrder(1, { date_created_gmt: '2026-05-01T08:00:00' }),
      wooOrder(2, { date_created_gmt: '2026-05-03T08:00:00' }),
    ];
    const orders = await fetchPaidOrders(credentials, '2026-05-02T00:00:00', AbortSignal.timeout(15_000));
    expect(orders.map((o) => o.id)).toEqual([2]);
    expect(shop.requests[0]!.url).toContain('after=2026-05-02T00%3A00%3A00');
  });

  it('says in French that the shop refuses a bad key (WooCommerce 401)', async () => {
    const wrong = { ...credentials, secret: 'cs_wrong' };
    await expect(fetchPaidOrders(wrong, null, AbortSignal.timeout(15_000))).rejects.toThrow(
      'La boutique refuse ces identifiants (clé ou secret incorrect, ou droits insuffisants).',
    );
  });

  it('gives up on a slow shop with a French error when the time is over', async () => {
    shop.delayMs = 20_000;
    const started = Date.now();
    const error = await fetchPaidOrders(credentials, null, AbortSignal.timeout(500)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect((error as Error).message).toBe("La boutique n'a pas répondu dans les 15 secondes : réessayez plus tard.");
    // Given up at the signal's 500 ms, not at the shop's answer (bound wide for a loaded CI machine).
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses an answer over 20 MB, even sent in chunks without a length', async () => {
    const huge = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 25 && response.write(chunk)) sent += 1;
        if (sent >= 25) response.end();
        else response.once('drain', pump);
      };
      response.on('error', () => {});
      pump();
    });
    await new Promise<void>((resolve) => huge.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(huge.address() as AddressInfo).port}`;
      await expect(fetchPaidOrders({ ...credentials, url }, null, AbortSignal.timeout(15_000))).rejects.toThrow(
        'La boutique a envoyé une réponse trop volumineuse.',
      );
    } finally {
      huge.closeAllConnections();
      await new Promise((resolve) => huge.close(resolve));
    }
  });

  it('maps an order: billing to buyer, quantities to passengers, SKU to prestation, meta data to names', () => {
    const mapped = mapWooOrder(
      wooOrder(42, {
        total: '540.50',
        billing: {
          first_name: 'Claire',
          last_name: 'Martin',
          company: 'Ballons SARL',
          address_1: '12 rue des Lilas',
          address_2: 'Bât. B',
          city: 'Annecy',
          postcode: '74000',
          country: 'FR',
          email: 'claire@example.fr',
          phone: '0612345678',
        },
        line_items: [
          {
            name: 'Vol découverte',
            sku: 'VOL-DECOUVERTE',
            quantity: 2,
            meta_data: [
              { key: 'Passager 1 - Prénom', value: 'Léa' },
              { key: 'Passager 1 - Nom', value: 'Martin' },
              { key: 'passager_1_poids', value: '58' },
              { key: 'passager_2_prenom', value: 'Hugo' },
              { key: 'passager_2_nom', value: 'Martin\u0007' },
              { key: '_reduced_stock', value: '2' },
            ],
          },
          { name: 'Vol découverte', sku: 'VOL-DECOUVERTE', quantity: 1 },
          { name: 'Carte cadeau imprimée', sku: '', quantity: 1 },
        ],
      }),
    );
    expect(mapped).toEqual({
      order: {
        source: 'woocommerce',
        orderId: '42',
        origin: 'Boutique en ligne',
        purchaseDate: '2026-05-15',
        prestation: { code: 'VOL-DECOUVERTE', label: 'Vol découverte' },
        passengerCount: 3,
        amountPaid: 540.5,
        amountTotal: 540.5,
        buyer: {
          first_name: 'Claire',
          last_name: 'Martin',
          email: 'claire@example.fr',
          phone: '0612345678',
          company_name: 'Ballons SARL',
          address: '12 rue des Lilas, Bât. B',
          zip_code: '74000',
          town: 'Annecy',
          country: 'FR',
        },
        passengers: [
          { first_name: 'Léa', last_name: 'Martin', email: null, phone: null, weight: 58 },
          { first_name: 'Hugo', last_name: 'Martin', email: null, phone: null },
        ],
      },
    });
  });

  it('explains in French an order that cannot become a booking', () => {
    expect(mapWooOrder(wooOrder(7, { line_items: [{ name: 'T-shirt', quantity: 1 }] }))).toEqual({
      errors: ["Aucun article de la commande n'a de référence (SKU) de prestation."],
    });
    expect(
      mapWooOrder(
        wooOrder(8, {
          line_items: [
            { sku: 'A', quantity: 1 },
            { sku: 'B', quantity: 1 },
          ],
        }),
      ),
    ).toEqual({ errors: ['La commande contient plusieurs prestations (A, B).'] });
  });

  async function shopBooking(orderId: number) {
    shop.orders = [wooOrder(orderId)];
    return newBooking(t.database.db, { woocommerce_order_id: String(orderId), booking_status_id: 2 });
  }

  it('pushes a completed shop booking to its order (status and note), recorded on the booking', async () => {
    const bookingId = await shopBooking(901);
    const { headers } = await signIn(t, 'admin');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      headers,
      payload: { booking_status_id: 3 },
    });
    expect(put.statusCode).toBe(200);
    expect(await pushDueShopSyncs(t.database.db, config)).toBe(1);
    expect(shop.orders[0]!.status).toBe('completed');
    expect(shop.notes).toEqual([{ orderId: 901, note: expect.stringContaining('a été terminée') }]);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}?embed=woocommerce_sync_notifications`,
      headers,
    });
    const notifications = read.json().woocommerce_sync_notifications;
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({
      status: 'completed',
      is_success: 1,
      message: 'Commande 901 passée à « Terminée » dans la boutique.',
    });
    // Done: nothing left to push.
    expect(await pushDueShopSyncs(t.database.db, config)).toBe(0);
    expect(shop.notes).toHaveLength(1);
  });

  it('retries a failed push later, never drops it, and records each attempt', async () => {
    const bookingId = await shopBooking(902);
    const { headers } = await signIn(t, 'admin');
    await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      headers,
      payload: { booking_status_id: 4 },
    });
    shop.failWrites = 1;
    const now = new Date();
    expect(await pushDueShopSyncs(t.database.db, config, now)).toBe(0);
    expect(shop.orders[0]!.status).toBe('processing');
    // Not due before its backoff.
    expect(await pushDueShopSyncs(t.database.db, config, new Date(now.getTime() + 10_000))).toBe(0);
    expect(await pushDueShopSyncs(t.database.db, config, new Date(now.getTime() + 31_000))).toBe(1);
    expect(shop.orders[0]!.status).toBe('cancelled');
    const notifications = await t.database.db
      .selectFrom('woocommerce_sync_notifications')
      .selectAll()
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute();
    expect(notifications.map((n) => [n.status, n.is_success])).toEqual([
      ['cancelled', 0],
      ['cancelled', 1],
    ]);
    expect(notifications[0]!.message).toContain(
      'Commande 902 : La boutique répond par une erreur 500. Nouvel essai le ',
    );
  });

  it('pushes a job once when two workers (two server processes) run together', async () => {
    const bookingId = await shopBooking(905);
    const { headers } = await signIn(t, 'admin');
    await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      headers,
      payload: { booking_status_id: 3 },
    });
    shop.delayMs = 100;
    const pushed = await Promise.all([
      pushDueShopSyncs(t.database.db, config),
      pushDueShopSyncs(t.database.db, config),
    ]);
    expect(pushed.sort()).toEqual([0, 1]);
    expect(shop.notes).toHaveLength(1);
    expect(shop.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('keeps the push when the shop is down, and queues nothing for a booking not from the shop', async () => {
    const bookingId = await shopBooking(903);
    const other = await newBooking(t.database.db, { booking_status_id: 2 });
    const { headers } = await signIn(t, 'admin');
    for (const id of [bookingId, other]) {
      await t.app.inject({ method: 'PUT', url: `/api/bookings/${id}`, headers, payload: { booking_status_id: 4 } });
    }
    const jobs = await t.database.db.selectFrom('woocommerce_sync_jobs').selectAll().execute();
    expect(jobs.map((j) => [j.booking_id, j.order_id, j.order_status])).toEqual([[bookingId, '903', 'cancelled']]);
    const down = { ...config };
    await configureShop(t, 'http://127.0.0.1:9');
    try {
      expect(await pushDueShopSyncs(t.database.db, down)).toBe(0);
    } finally {
      await configureShop(t, shop.url);
    }
    const [job] = await t.database.db.selectFrom('woocommerce_sync_jobs').selectAll().execute();
    expect(job).toMatchObject({
      state: 'pending',
      attempts: 1,
      error: 'La boutique ne répond pas : vérifiez son adresse.',
    });
  });

  it('does not queue a push when the status does not change, nor when a change is refused', async () => {
    const bookingId = await shopBooking(904);
    await t.database.db.updateTable('bookings').set({ booking_status_id: 3 }).where('id', '=', bookingId).execute();
    const { headers } = await signIn(t, 'admin');
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      headers,
      payload: { booking_status_id: 3 },
    });
    expect(same.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      headers,
      payload: { booking_status_id: 4, passengers_number: 9 },
    });
    expect(refused.statusCode).toBe(409);
    expect(await t.database.db.selectFrom('woocommerce_sync_jobs').selectAll().execute()).toEqual([]);
  });
});
