import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appKeyOf, sealSecret } from '../../src/services/secret-box.js';
import { CURSOR_KEY } from '../../src/services/woocommerce.js';
import { newPrestation } from '../builders.js';
import { createTestApp, engine, signIn, type TestApp } from '../helpers.js';
import { type FakeShop, SHOP_KEY, SHOP_SECRET, startFakeShop, wooOrder } from './fake-woocommerce.js';

// Issue 11, `POST /api/woocommerce/import-orders` against the local fake shop of fake-woocommerce.ts (WooCommerce's
// published response shapes; no real shop can be reached from the tests): new paid orders become bookings through
// the shared importer, exactly once, and a refusing or slow shop is a French error, nothing imported.

const appKey = crypto.randomBytes(32).toString('base64');

describe(`WooCommerce order import on ${engine}`, () => {
  let t: TestApp;
  let shop: FakeShop;
  let headers: Record<string, string>;

  async function configureShop(url: string | null, secret = SHOP_SECRET) {
    const values = url
      ? {
          woocommerce_url: url,
          woocommerce_consumer_key: SHOP_KEY,
          woocommerce_consumer_secret: sealSecret(appKeyOf({ appKey, dataDir: '/nonexistent' }), secret),
        }
      : {};
    await t.database.db.deleteFrom('settings').where('key', 'like', 'woocommerce_%').execute();
    for (const [key, value] of Object.entries(values)) {
      await t.database.db.insertInto('settings').values({ key, value }).execute();
    }
  }
  const importOrders = () => t.app.inject({ method: 'POST', url: '/api/woocommerce/import-orders', headers });
  const bookingCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('bookings')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    // The fake shop listens on 127.0.0.1: an intranet install's setting (SHOP_ALLOW_PRIVATE=1) lets it through.
    t = await createTestApp({ config: { appKey, shopAllowPrivate: true } });
    shop = await startFakeShop();
    await newPrestation(t.database.db, { label: 'Vol découverte' });
    await newPrestation(t.database.db, { label: 'VOL-PRESTIGE' });
    ({ headers } = await signIn(t, 'operator'));
  });
  afterAll(async () => {
    await t.close();
    await shop.close();
  });
  beforeEach(async () => {
    await configureShop(shop.url);
    shop.orders = [];
    shop.requests = [];
    shop.delayMs = 0;
    shop.overlapPages = false;
  });

  it('says whether the shop is configured, and refuses to import when it is not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/woocommerce/status', headers })).json()).toEqual({
      configured: true,
    });
    await configureShop(null);
    expect((await t.app.inject({ method: 'GET', url: '/api/woocommerce/status', headers })).json()).toEqual({
      configured: false,
    });
    const refused = await importOrders();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe("La boutique en ligne n'est pas configurée (Paramètres > Boutique en ligne).");
    // Without a session (and its XSRF token): refused before anything is read.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/woocommerce/import-orders' });
    expect([401, 419]).toContain(anonymous.statusCode);
  });

  it('imports new paid orders as bookings, then answers none on the next run', async () => {
    shop.orders = [
      wooOrder(101, {
        date_created_gmt: '2026-05-02T09:15:00',
        line_items: [
          {
            name: 'Vol découverte',
            sku: 'Vol découverte',
            quantity: 2,
            meta_data: [
              { key: 'passager_1_prenom', value: 'Léa' },
              { key: 'passager_1_nom', value: 'Martin' },
              { key: 'passager_1_poids', value: '58' },
            ],
          },
        ],
      }),
      wooOrder(102, { date_created_gmt: '2026-05-03T09:15:00', total: '900.00' }),
      wooOrder(103, { status: 'pending' }),
    ];
    const first = await importOrders();
    expect(first.statusCode).toBe(200);
    const bookings = first.json() as Record<string, unknown>[];
    expect(bookings).toHaveLength(2);
    expect(bookings[0]).toMatchObject({
      woocommerce_order_id: '101',
      passengers_number: 2,
      booked_at: '2026-05-02',
      paid_amount: 450,
      total_amount: 450,
      prestation: { label: 'Vol découverte' },
      customer: { last_name: 'Martin101', email: 'claire.martin101@example.fr', town: 'Annecy' },
      referent_passenger: { full_name: expect.stringContaining('Martin') },
    });
    const passengers = await t.database.db
      .selectFrom('passengers')
      .select(['first_name', 'last_name', 'weight'])
      .where('booking_id', '=', Number(bookings[0]!.id))
      .execute();
    expect(passengers).toContainEqual({ first_name: 'Léa', last_name: 'Martin', weight: 58 });
    expect(
      (await t.database.db.selectFrom('system_state').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst())
        ?.value,
    ).toBe('2026-05-03T09:15:00');

    const again = await importOrders();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([]);
    // Asked after the last imported order (one second back: `after` is exclusive and orders may share a second).
    expect(new URL(shop.requests.at(-1)!.url, 'http://x').searchParams.get('after')).toBe('2026-05-03T09:14:59');
  });

  it('makes one booking per order when an order shows on two pages and across runs', async () => {
    await t.database.db.deleteFrom('system_state').where('key', '=', CURSOR_KEY).execute();
    const before = await bookingCount();
    shop.orders = Array.from({ length: 150 }, (_, i) =>
      wooOrder(2000 + i, {
        date_created_gmt: `2026-06-01T10:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
      }),
    );
    shop.overlapPages = true;
    const first = await importOrders();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(150);
    expect(await bookingCount()).toBe(before + 150);
    // A second run that reads everything again (the cursor lost) creates nothing.
    await t.database.db.deleteFrom('system_state').where('key', '=', CURSOR_KEY).execute();
    const second = await importOrders();
    expect(second.json()).toEqual([]);
    expect(await bookingCount()).toBe(before + 150);
    const ids = await t.database.db
      .selectFrom('bookings')
      .select('woocommerce_order_id')
      .where('woocommerce_order_id', 'like', '2%')
      .execute();
    expect(new Set(ids.map((r) => r.woocommerce_order_id)).size).toBe(ids.length);
  });

  it('imports what it can, explains the refused orders in French and asks for them again next time', async () => {
    await t.database.db.deleteFrom('system_state').where('key', '=', CURSOR_KEY).execute();
    await t.database.db.deleteFrom('bookings').where('woocommerce_order_id', 'is not', null).execute();
    const twoProducts = [
      { name: 'Vol découverte', sku: 'VOL-DECOUVERTE', quantity: 1 },
      { name: 'VOL-PRESTIGE', sku: 'VOL-PRESTIGE', quantity: 1 },
    ];
    shop.orders = [
      wooOrder(301, { date_created_gmt: '2026-07-01T08:00:00' }),
      wooOrder(302, { date_created_gmt: '2026-07-02T08:00:00', line_items: twoProducts }),
      wooOrder(303, { date_created_gmt: '2026-07-03T08:00:00' }),
    ];
    const response = await importOrders();
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe("Une commande n'a pas pu être importée.");
    expect(body.errors).toEqual({
      'commande 302': ['La commande contient plusieurs prestations (VOL-DECOUVERTE, VOL-PRESTIGE).'],
    });
    expect(body.imported.map((b: { woocommerce_order_id: string }) => b.woocommerce_order_id)).toEqual(['301', '303']);
    // The cursor stays before the refused order: it is read again (and imported once the shop's order is fixed).
    expect(
      (await t.database.db.selectFrom('system_state').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst())
        ?.value,
    ).toBe('2026-07-01T08:00:00');
    shop.orders[1] = { ...shop.orders[1]!, line_items: twoProducts.slice(0, 1) };
    const retry = await importOrders();
    expect(retry.statusCode).toBe(200);
    expect(retry.json().map((b: { woocommerce_order_id: string }) => b.woocommerce_order_id)).toEqual(['302']);
  });

  it("imports a paid order whose product matches no prestation, flagged 'Prestation à préciser', once", async () => {
    const { db } = t.database;
    await db.deleteFrom('system_state').where('key', '=', CURSOR_KEY).execute();
    await db.deleteFrom('bookings').where('woocommerce_order_id', 'is not', null).execute();
    shop.orders = [wooOrder(311, { line_items: [{ name: 'Vol de nuit', sku: 'VOL-NUIT', quantity: 2 }] })];
    const response = await importOrders();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject([
      { woocommerce_order_id: '311', prestation_id: null, prestation: null, prestation_to_specify: 1 },
    ]);
    const bookingId = response.json()[0].id as number;
    // Read again by the next run (one second back): the same booking, no second one.
    const again = await importOrders();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([]);
    expect(await db.selectFrom('bookings').select('id').where('woocommerce_order_id', '=', '311').execute()).toEqual([
      { id: bookingId },
    ]);
    // The pending list filtered as the dashboard's link does holds it.
    const flagged = await t.app.inject({
      method: 'GET',
      url: `/api/bookings?filters=${encodeURIComponent('booking_status.slug|=|pending,prestation_to_specify|=|1')}&page=1`,
      headers,
    });
    expect(flagged.json().data.map((b: { id: number }) => b.id)).toEqual([bookingId]);
    // Staff choose the prestation: the flag is gone, with nothing else to clear.
    const prestation = await db
      .selectFrom('prestations')
      .select('id')
      .where('label', '=', 'Vol découverte')
      .executeTakeFirstOrThrow();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}`,
      headers,
      payload: { prestation_id: prestation.id },
    });
    expect(update.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}`, headers });
    expect(read.json()).toMatchObject({ prestation_id: prestation.id, prestation_to_specify: 0 });
  });

  it("maps a product by the prestation's shop reference (SKU), else by its name, accents, case and dashes aside", async () => {
    const { db } = t.database;
    await db.deleteFrom('system_state').where('key', '=', CURSOR_KEY).execute();
    await db.deleteFrom('bookings').where('woocommerce_order_id', 'is not', null).execute();
    const sunset = await newPrestation(db, { label: 'Vol au coucher du soleil', shop_sku: 'SUN-01' });
    const champagne = await newPrestation(db, { label: 'Vol Champêtre Privé' });
    // Two prestations whose names are one product name: ambiguous, so to be chosen by staff.
    await newPrestation(db, { label: 'Vol jumeau' });
    await newPrestation(db, { label: 'vol-jumeau' });
    shop.orders = [
      wooOrder(321, { line_items: [{ name: 'Coucher de soleil (boutique)', sku: 'sun 01', quantity: 1 }] }),
      wooOrder(322, { line_items: [{ name: 'VOL_CHAMPETRE-prive', sku: 'CH-99', quantity: 1 }] }),
      wooOrder(323, { line_items: [{ name: 'Vol Jumeau', sku: 'JUM', quantity: 1 }] }),
    ];
    const response = await importOrders();
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .map((b: { woocommerce_order_id: string; prestation_id: number | null; prestation_to_specify: number }) => [
          b.woocommerce_order_id,
          b.prestation_id,
          b.prestation_to_specify,
        ]),
    ).toEqual([
      ['321', sunset, 0],
      ['322', champagne, 0],
      ['323', null, 1],
    ]);
  });

  it('says in French that the shop refuses the key (401), importing nothing', async () => {
    await configureShop(shop.url, 'cs_wrong');
    shop.orders = [wooOrder(401)];
    const before = await bookingCount();
    const response = await importOrders();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      message: 'La boutique refuse ces identifiants (clé ou secret incorrect, ou droits insuffisants).',
    });
    expect(await bookingCount()).toBe(before);
  });

  it('gives a French error within 15 s when the shop is too slow, or down', async () => {
    shop.orders = [wooOrder(501)];
    // A shop answering after 40 s: the import gives up at 15 s (bounds wide enough for a loaded CI machine, still
    // far from both the shop's answer and an early give-up).
    shop.delayMs = 40_000;
    const started = Date.now();
    const slow = await importOrders();
    const elapsed = Date.now() - started;
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toBe("La boutique n'a pas répondu dans les 15 secondes : réessayez plus tard.");
    expect(elapsed).toBeGreaterThanOrEqual(14_000);
    expect(elapsed).toBeLessThan(30_000);
    await configureShop('http://127.0.0.1:9');
    const down = await importOrders();
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('La boutique ne répond pas : vérifiez son adresse.');
  }, 30_000);
});
