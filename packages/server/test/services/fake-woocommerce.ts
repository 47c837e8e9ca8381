import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WooOrder } from '../../src/services/woocommerce.js';

// A local stand-in for a WooCommerce shop: no real shop can be reached from the tests, so this HTTP server answers
// the REST API v3 routes the server calls with WooCommerce's published response shapes
// (https://woocommerce.github.io/woocommerce-rest-api-docs/): GET /wp-json/wc/v3/orders (an array of orders, the
// X-WP-Total and X-WP-TotalPages headers, `page`, `per_page`, `status`, `after`), PUT /orders/{id} (the order),
// POST /orders/{id}/notes (the note), GET /system_status (its `environment` and `settings` parts, what « Tester la
// connexion » reads), and WooCommerce's error object {code, message, data: {status}} for a bad key (401) or an
// unknown order (404). `delayMs` makes it slow, `failWrites` makes the next writes answer 500, `redirectTo` makes
// every answer a 302 to that address (a shop moved, or one trying to send the server elsewhere).

export const SHOP_KEY = 'ck_fedcba9876543210fedcba9876543210fedcba98';
export const SHOP_SECRET = 'cs_0123456789abcdef0123456789abcdef01234567';

export type FakeShop = {
  url: string;
  orders: WooOrder[];
  notes: { orderId: number; note: string }[];
  requests: { method: string; url: string }[];
  /** Answer every request after this delay. */
  delayMs: number;
  /** The next n writes (PUT/POST) answer 500. */
  failWrites: number;
  /** Repeat the last order of each page at the top of the next one (a new order shifted the pages). */
  overlapPages: boolean;
  /** Answer every request with a 302 to this address. */
  redirectTo: string | null;
  close: () => Promise<void>;
};

const error = (code: string, message: string, status: number) => JSON.stringify({ code, message, data: { status } });

export async function startFakeShop(options: { key?: string; secret?: string } = {}): Promise<FakeShop> {
  const expected = `Basic ${Buffer.from(`${options.key ?? SHOP_KEY}:${options.secret ?? SHOP_SECRET}`).toString('base64')}`;
  const state: Omit<FakeShop, 'url' | 'close'> = {
    orders: [],
    notes: [],
    requests: [],
    delayMs: 0,
    failWrites: 0,
    overlapPages: false,
    redirectTo: null,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests.push({ method: request.method ?? '', url: request.url ?? '' });
      const answer = () => {
        if (response.destroyed) return;
        const send = (status: number, body: string, headers: Record<string, string> = {}) => {
          response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
          response.end(body);
        };
        if (state.redirectTo) {
          response.writeHead(302, { location: state.redirectTo });
          return response.end();
        }
        if (request.headers.authorization !== expected) {
          return send(401, error('woocommerce_rest_authentication_error', 'Clé consommateur invalide.', 401));
        }
        const url = new URL(request.url ?? '/', 'http://shop.test');
        const single = /^\/wp-json\/wc\/v3\/orders\/(\d+)(\/notes)?$/.exec(url.pathname);
        if (request.method === 'GET' && url.pathname === '/wp-json/wc/v3/system_status') {
          return send(
            200,
            JSON.stringify({
              environment: { home_url: 'https://boutique.test', site_url: 'https://boutique.test', version: '9.4.2' },
              database: { wc_database_version: '9.4.2' },
              active_plugins: [],
              settings: { api_enabled: true, currency: 'EUR', currency_symbol: '€' },
            }),
          );
        }
        if (request.method === 'GET' && url.pathname === '/wp-json/wc/v3/orders') {
          const statuses = (url.searchParams.get('status') ?? 'any').split(',');
          const after = url.searchParams.get('after');
          const perPage = Number(url.searchParams.get('per_page') ?? 10);
          const page = Number(url.searchParams.get('page') ?? 1);
          const matching = state.orders
            .filter((o) => statuses.includes('any') || statuses.includes(o.status ?? ''))
            .filter((o) => !after || Date.parse(`${o.date_created_gmt}Z`) > Date.parse(`${after.replace(/Z$/, '')}Z`))
            .sort((a, b) => (a.date_created_gmt ?? '').localeCompare(b.date_created_gmt ?? '') || a.id - b.id);
          const start = (page - 1) * perPage;
          const slice = matching.slice(start, start + perPage);
          if (state.overlapPages && page > 1 && matching[start - 1]) slice.unshift(matching[start - 1]!);
          return send(200, JSON.stringify(slice), {
            'x-wp-total': String(matching.length),
            'x-wp-totalpages': String(Math.max(1, Math.ceil(matching.length / perPage))),
          });
        }
        if (single && (request.method === 'PUT' || request.method === 'POST')) {
          if (state.failWrites > 0) {
            state.failWrites -= 1;
            return send(500, error('internal_server_error', 'Erreur critique sur ce site.', 500));
          }
          const order = state.orders.find((o) => o.id === Number(single[1]));
          if (!order) return send(404, error('woocommerce_rest_shop_order_invalid_id', 'ID non valide.', 404));
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
          if (single[2]) {
            state.notes.push({ orderId: order.id, note: String(body.note) });
            return send(
              201,
              JSON.stringify({
                id: state.notes.length,
                author: 'WooCommerce',
                date_created: '2026-06-01T10:00:00',
                note: body.note,
                customer_note: Boolean(body.customer_note),
              }),
            );
          }
          if (request.method === 'PUT') {
            if (typeof body.status === 'string') order.status = body.status;
            return send(200, JSON.stringify(order));
          }
        }
        send(404, error('rest_no_route', 'Aucune route correspondante.', 404));
      };
      if (state.delayMs > 0) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shop = state as FakeShop;
  shop.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  shop.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return shop;
}

/** A paid order as WooCommerce answers it (fields the import does not read trimmed). */
export function wooOrder(id: number, values: Partial<WooOrder> = {}): WooOrder {
  const day = String((id % 28) + 1).padStart(2, '0');
  return {
    id,
    status: 'processing',
    date_created: `2026-05-${day}T10:00:00`,
    date_created_gmt: `2026-05-${day}T08:00:00`,
    total: '450.00',
    billing: {
      first_name: 'Claire',
      last_name: `Martin${id}`,
      company: '',
      address_1: '12 rue des Lilas',
      address_2: '',
      city: 'Annecy',
      postcode: '74000',
      country: 'FR',
      email: `claire.martin${id}@example.fr`,
      phone: '06 12 34 56 78',
    },
    line_items: [{ name: 'Vol découverte', sku: 'Vol découverte', quantity: 2, meta_data: [] }],
    meta_data: [],
    ...values,
  };
}
