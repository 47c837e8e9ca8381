import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../http/context.js';
import { ValidationError } from '../http/errors.js';
import { appKeyOf, openSecret } from '../services/secret-box.js';

// settings/online-shop (su only, SPEC §6): « Tester la connexion » reads the shop's WooCommerce REST API v3 with the
// stored credentials (GET /wp-json/wc/v3/system_status, HTTP Basic over HTTPS as WooCommerce documents it) and says
// in French whether it answered. Always a 200 with {ok, message}: a shop that refuses is a result, not our error.

const SU_ONLY: { access: RouteAccess } = { access: { suOnly: true } };
const TIMEOUT_MS = 8000;

export async function registerShopRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  app.post('/api/woocommerce/test-connection', { config: SU_ONLY }, async () => {
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', ['woocommerce_url', 'woocommerce_consumer_key', 'woocommerce_consumer_secret'])
      .execute();
    const value = (key: string) => rows.find((row) => row.key === key)?.value?.trim() || '';
    const url = value('woocommerce_url').replace(/\/+$/, '');
    const consumerKey = value('woocommerce_consumer_key');
    const stored = value('woocommerce_consumer_secret');
    const secret = stored ? openSecret(appKeyOf(config), stored) : null;
    if (!url || !consumerKey || !stored) {
      throw new ValidationError({}, "Renseignez l'adresse, la clé et le secret de la boutique, puis enregistrez.");
    }
    if (secret === null) {
      return {
        ok: false,
        message: 'Le secret enregistré ne peut pas être lu avec cette clé de chiffrement : saisissez-le à nouveau.',
      };
    }
    try {
      const response = await fetch(`${url}/wp-json/wc/v3/system_status`, {
        headers: {
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${consumerKey}:${secret}`).toString('base64')}`,
        },
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
