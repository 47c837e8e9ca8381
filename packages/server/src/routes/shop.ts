import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../core/context.js';
import { ValidationError } from '../core/errors.js';
import { runList } from '../engine/list.js';
import {
  importShopOrders,
  isShopConfigured,
  readShopCredentials,
  ShopAddressError,
  type ShopCredentials,
  ShopError,
  shopRequest,
} from '../services/woocommerce.js';

// settings/online-shop (su only): « Tester la connexion » reads the shop's WooCommerce REST API v3 with the
// stored credentials (GET /wp-json/wc/v3/system_status, HTTP Basic over HTTPS as WooCommerce documents it) and says
// in French whether it answered. Always a 200 with {ok, message}: a shop that refuses is a result, not our error,
// and so is an address the address rule refuses (services/shop-address.ts).

const SU_ONLY: { access: RouteAccess } = { access: { suOnly: true } };
const TIMEOUT_MS = 8000;

export async function registerShopRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;

  // Whether the import button is shown (the settings themselves are su-only): never says more than yes or no.
  app.get('/api/woocommerce/status', async () => ({ configured: await isShopConfigured(db) }));

  // Answers the imported bookings (created by this run; an order already imported is not imported again). A shop
  // that refuses, fails or is too slow: 502 with the French reason. Orders that could not become bookings: 422
  // with their reasons, the bookings imported meanwhile under `imported` (they stay: each order is its own
  // transaction, and the refused ones are asked for again by the next run).
  app.post('/api/woocommerce/import-orders', async (request, reply) => {
    if (!(await isShopConfigured(db))) {
      throw new ValidationError({}, "La boutique en ligne n'est pas configurée (Paramètres > Boutique en ligne).");
    }
    let result: Awaited<ReturnType<typeof importShopOrders>>;
    try {
      result = await importShopOrders(db, config, request.auth ?? null);
    } catch (error) {
      // The saved address is refused by the address rule: the settings are to change, the shop was not called.
      if (error instanceof ShopAddressError) throw ValidationError.field('woocommerce_url', error.message);
      if (error instanceof ShopError) return reply.status(502).send({ message: error.message });
      throw error;
    }
    const imported = result.bookingIds.length
      ? await runList({ ...app.ctx, auth: request.auth }, app.ctx.registry, 'bookings', {
          filters: [{ field: 'id', op: 'in', value: result.bookingIds.map(String) }],
          embed: ['referent_passenger', 'customer', 'prestation'],
          order: [{ field: 'id', direction: 'ASC' }],
        })
      : [];
    if (result.failures.length) {
      const errors: Record<string, string[]> = {};
      for (const failure of result.failures) errors[`commande ${failure.orderId}`] = failure.errors;
      const count = result.failures.length;
      return reply.status(422).send({
        message:
          count === 1 ? "Une commande n'a pas pu être importée." : `${count} commandes n'ont pas pu être importées.`,
        errors,
        imported,
      });
    }
    return imported;
  });
  app.post('/api/woocommerce/test-connection', { config: SU_ONLY }, async () => {
    let credentials: ShopCredentials | null;
    try {
      credentials = await readShopCredentials(db, config);
    } catch (error) {
      if (error instanceof ShopError) return { ok: false, message: error.message };
      throw error;
    }
    if (!credentials) {
      throw new ValidationError({}, "Renseignez l'adresse, la clé et le secret de la boutique, puis enregistrez.");
    }
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    let body: { environment?: { version?: unknown } } | null;
    try {
      body = (await shopRequest(credentials, 'GET', '/system_status', signal)).body as typeof body;
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      if (signal.aborted && !(error instanceof ShopAddressError)) {
        return { ok: false, message: `La boutique n'a pas répondu dans les ${TIMEOUT_MS / 1000} secondes.` };
      }
      return { ok: false, message: error.message };
    }
    if (!body?.environment || typeof body.environment !== 'object') {
      return { ok: false, message: 'Cette adresse ne répond pas comme une boutique WooCommerce.' };
    }
    const { version } = body.environment;
    const shown = typeof version === 'string' && /^[\w.-]{1,20}$/.test(version) ? ` (WooCommerce ${version})` : '';
    return { ok: true, message: `Connexion réussie à la boutique${shown}.` };
  });
}
