import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiPost, apiPut, apiSession, expect, openSignedIn, screenshotPath, test } from './support/fixtures.js';

// Issue 11, the online shop end to end: the server's settings point to a fake WooCommerce shop started by this spec
// (no real shop can be reached here; it answers GET /wp-json/wc/v3/orders with WooCommerce's published shapes:
// an array of orders and the X-WP-Total / X-WP-TotalPages headers, PUT /orders/{id}, POST /orders/{id}/notes, and
// WooCommerce's error object on a bad key). 'Importer les dernières commandes' on the pending bookings list
// imports the paid orders once; a booking completed afterwards updates its shop order, shown on the booking.
// Screenshots at 1440 and 800 px.

const run = Date.now().toString(36).slice(-5).toUpperCase();
const KEY = `ck_e2e_${run}`;
const SECRET = `cs_e2e_${run}_secret`;

type Order = Record<string, unknown> & { id: number; status: string };

function startShop() {
  const state = { orders: [] as Order[], notes: [] as string[], refuse: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
        response.end(JSON.stringify(body));
      };
      const expected = `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`;
      if (state.refuse || request.headers.authorization !== expected) {
        return send(401, {
          code: 'woocommerce_rest_authentication_error',
          message: 'Clé consommateur invalide.',
          data: { status: 401 },
        });
      }
      const url = new URL(request.url ?? '/', 'http://shop.test');
      if (request.method === 'GET' && url.pathname === '/wp-json/wc/v3/orders') {
        const statuses = (url.searchParams.get('status') ?? '').split(',');
        const after = url.searchParams.get('after');
        const list = state.orders
          .filter((o) => statuses.includes(o.status))
          .filter((o) => !after || String(o.date_created_gmt) > after);
        return send(200, list, { 'x-wp-total': String(list.length), 'x-wp-totalpages': '1' });
      }
      const single = /^\/wp-json\/wc\/v3\/orders\/(\d+)(\/notes)?$/.exec(url.pathname);
      const order = single && state.orders.find((o) => o.id === Number(single[1]));
      if (order) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (single[2]) {
          state.notes.push(body.note);
          return send(201, { id: state.notes.length, note: body.note, customer_note: false });
        }
        order.status = body.status ?? order.status;
        return send(200, order);
      }
      send(404, { code: 'rest_no_route', message: 'Aucune route correspondante.', data: { status: 404 } });
    });
  });
  return new Promise<{ url: string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

const order = (id: number, day: number, prestation: string, lastName: string, quantity: number): Order => ({
  id,
  status: 'processing',
  date_created: `2026-05-0${day}T10:00:00`,
  date_created_gmt: `2026-05-0${day}T08:00:00`,
  total: String(225 * quantity),
  billing: {
    first_name: 'Claire',
    last_name: lastName,
    address_1: '12 rue des Lilas',
    city: 'Annecy',
    postcode: '74000',
    country: 'FR',
    email: `${lastName.toLowerCase()}@e2e.test`,
    phone: '0612345678',
  },
  line_items: [
    {
      name: prestation,
      sku: prestation,
      quantity,
      meta_data: [
        { key: 'passager_1_prenom', value: 'Léa' },
        { key: 'passager_1_nom', value: lastName },
      ],
    },
  ],
  meta_data: [],
});

test('shop orders are imported once from the pending list, and a completed booking updates its order', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shop = await startShop();
  try {
    const api = await apiSession();
    const prestation = `Vol boutique ${run}`;
    await apiPost(api, '/api/prestations', { label: prestation });
    const base = Number.parseInt(run, 36) % 100_000;
    const ids = [base * 10 + 1, base * 10 + 2];
    shop.state.orders = [
      order(ids[0]!, 2, prestation, `Boutique${run}A`, 2),
      order(ids[1]!, 3, prestation, `Boutique${run}B`, 1),
      { ...order(ids[1]! + 5, 4, prestation, `Impayee${run}`, 1), status: 'pending' },
    ];
    // Saved right before the import: other specs may point the shop elsewhere (settings/online-shop).
    const pointToShop = () =>
      apiPut(api, '/api/settings', {
        settings: { woocommerce_url: shop.url, woocommerce_consumer_key: KEY, woocommerce_consumer_secret: SECRET },
      });
    await pointToShop();

    await openSignedIn(page, '/bookings/pending');
    const button = page.getByRole('button', { name: 'Importer les dernières commandes' });
    await expect(button).toBeVisible();
    await pointToShop();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Import des commandes de la boutique' });
    await expect(dialog.getByText('2 commandes importées')).toBeVisible();
    await expect(dialog.getByRole('link', { name: /^Réservation / })).toHaveCount(2);
    await page.screenshot({ path: screenshotPath('shop-import', testInfo.project.name) });
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    await page.getByPlaceholder('N°, nom ou #N°').fill(`Boutique${run}`);
    await expect(page.getByText(`Boutique${run}A`).first()).toBeVisible();

    // The same orders again: nothing new.
    await pointToShop();
    await button.click();
    await expect(dialog.getByText('Aucune nouvelle commande')).toBeVisible();
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();

    // A shop that refuses the key.
    shop.state.refuse = true;
    await pointToShop();
    await button.click();
    await expect(dialog.getByText("Une erreur est survenue pendant l'import")).toBeVisible();
    await expect(dialog.getByText('La boutique refuse ces identifiants')).toBeVisible();
    await page.setViewportSize({ width: 800, height: 1100 });
    await page.screenshot({ path: screenshotPath('shop-import-error-800', testInfo.project.name) });
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();
    shop.state.refuse = false;

    // Completed: the worker updates the shop order and the booking shows it.
    const bookings = (await (await api.get(`/api/bookings?filters=woocommerce_order_id|=|${ids[0]}`)).json()) as {
      id: number;
    }[];
    expect(bookings).toHaveLength(1);
    await pointToShop();
    await apiPut(api, `/api/bookings/${bookings[0]!.id}`, { booking_status_id: 3 });
    await expect.poll(() => shop.state.orders[0]!.status, { timeout: 20_000 }).toBe('completed');
    await page.goto(`/bookings/${bookings[0]!.id}`);
    await expect(page.getByText(`Commande ${ids[0]} de la boutique en ligne`)).toBeVisible();
    await expect(page.getByText(`Commande ${ids[0]} passée à « Terminée » dans la boutique.`)).toBeVisible();
    await page.screenshot({ path: screenshotPath('shop-sync-booking', testInfo.project.name), fullPage: true });
    await page.setViewportSize({ width: 800, height: 1100 });
    await page.screenshot({ path: screenshotPath('shop-sync-booking-800', testInfo.project.name), fullPage: true });
    await api.dispose();
  } finally {
    await shop.close();
  }
});
