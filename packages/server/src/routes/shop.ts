import type { FastifyInstance } from 'fastify';
import { runList } from '../engine/list.js';
import type { RouteAccess } from '../http/context.js';
import { ValidationError } from '../http/errors.js';
import {
  basicAuthorization,
  importShopOrders,
  isShopConfigured,
  readShopCredentials,
  type ShopCredentials,
  ShopError,
} from '../services/woocommerce.js';

// settings/online-shop (su only, SPEC §6): « Tester la connexion » reads the shop's WooCommerce REST API v3 with the
// stored credentials (GET /wp-json/wc/v3/system_status, HTTP Basic over HTTPS as WooCommerce documents it) and says
// in French whether it answered. Always a 200 with {ok, message}: a shop that refuses is a result, not our error.

const SU_ONLY: { access: RouteAccess } = { access: { suOnly: true } };
const TIMEOUT_MS = 8000;

export async function registerShopRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;

  // Whether the import button is shown (the settings themselves are su-only): never says more than yes or no.
  app.get('/api/woocommerce/status', async () => ({ configured: await isShopConfigured(db) }));

  // SPEC §7: the imported bookings (created by this run; an order already imported is not imported again). A shop
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
    try {
      const response = await fetch(`${credentials.url}/wp-json/wc/v3/system_status`, {
        headers: { accept: 'application/json', authorization: basicAuthorization(credentials) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      if (response.status === 401 || response.status === 403) {
        return {
          ok: false,
          message: 'La boutique refuse ces identifiants (clé ou secret incorrect, ou droits insuffisants).',
        };
      }
      if (!response.ok) return { ok: false, message: `La boutique répond par une erreur ${response.status}.` };
      const body = (await response.json().catch(() => null)) as { environment?: { version?: string } } | null;
      if (!body?.environment)
        return { ok: false, message: 'Cette adresse ne répond pas comme une boutique WooCommerce.' };
      const version = body.environment.version ? ` (WooCommerce ${body.environment.version})` : '';
      return { ok: true, message: `Connexion réussie à la boutique${version}.` };
    } catch {
      return { ok: false, message: 'La boutique ne répond pas : vérifiez son adresse.' };
    }
  });
}
