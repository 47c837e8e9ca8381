import type { IncomingMessage } from 'node:http';
import { BOUNDS, type Bound, isWithinBound, withoutBidiControls } from '@app/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Auth } from '../core/context.js';
import type { DB } from '../db/schema.js';
import { importOrder, type NormalizedOrder, OrderImportError } from './order-import.js';
import { appKeyOf, openSecret } from './secret-box.js';
import { RefusedAddressError, shopRequestPinned } from './shop-address.js';

// The online shop (issue 11): a client of WooCommerce's REST API v3 (HTTP Basic with the consumer key
// and secret stored on settings/online-shop, as WooCommerce documents it over HTTPS), the mapping of its orders
// to the shape the order importer takes (services/order-import.ts), and the sync-back queue of shop-sync.ts.
// Every failure reaches the user as a ShopError with a French message; nothing here throws a shop's own text.
// Every request goes through the address rule of shop-address.ts (https only, no private or reserved address).

/** `allowPrivate`: the install's SHOP_ALLOW_PRIVATE (config.shopAllowPrivate), read with the credentials. */
export type ShopCredentials = { url: string; consumerKey: string; secret: string; allowPrivate: boolean };

/** The shop could not be read or written; the message is French and meant for the user. */
export class ShopError extends Error {}

/** The shop's address is refused by the address rule (shop-address.ts): a setting to change, not a shop failure. */
export class ShopAddressError extends ShopError {}

/** The whole import (every page) must end within this; then the user gets a French error. */
export const IMPORT_TIMEOUT_MS = 15_000;
/** WooCommerce's largest page. */
export const PER_PAGE = 100;
/** A run reads at most this many pages (10,000 orders); the next run goes on from the last imported date. */
export const MAX_PAGES = 100;
/** Paid orders: WooCommerce moves an order to processing once paid, completed once delivered. */
export const PAID_STATUSES = ['processing', 'completed'];
const MAX_BODY_BYTES = 20 * 1024 * 1024;

const SETTING_KEYS = ['woocommerce_url', 'woocommerce_consumer_key', 'woocommerce_consumer_secret'] as const;

/** The stored credentials; null when the shop is not configured; a ShopError when the secret cannot be opened. */
export async function readShopCredentials(
  db: Kysely<DB>,
  config: Pick<Config, 'dataDir' | 'appKey' | 'shopAllowPrivate'>,
): Promise<ShopCredentials | null> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...SETTING_KEYS])
    .execute();
  const value = (key: string) => rows.find((row) => row.key === key)?.value?.trim() || '';
  const url = value('woocommerce_url').replace(/\/+$/, '');
  const consumerKey = value('woocommerce_consumer_key');
  const stored = value('woocommerce_consumer_secret');
  if (!url || !consumerKey || !stored) return null;
  const secret = openSecret(appKeyOf(config), stored);
  if (secret === null) {
    throw new ShopError(
      'Le secret enregistré ne peut pas être lu avec cette clé de chiffrement : saisissez-le à nouveau.',
    );
  }
  return { url, consumerKey, secret, allowPrivate: config.shopAllowPrivate };
}

export function basicAuthorization(credentials: Pick<ShopCredentials, 'consumerKey' | 'secret'>): string {
  return `Basic ${Buffer.from(`${credentials.consumerKey}:${credentials.secret}`).toString('base64')}`;
}

type ShopResponse = { status: number; headers: Headers; body: unknown };

/**
 * One call to /wp-json/wc/v3{path}; a ShopError for anything but a 2xx with JSON. A redirect is refused, not
 * followed: its target would escape the address rule, and the credentials would follow it.
 */
export async function shopRequest(
  credentials: ShopCredentials,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  signal: AbortSignal,
  payload?: unknown,
): Promise<ShopResponse> {
  let response: IncomingMessage;
  try {
    response = await shopRequestPinned(
      `${credentials.url}/wp-json/wc/v3${path}`,
      {
        method,
        headers: {
          accept: 'application/json',
          authorization: basicAuthorization(credentials),
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal,
      },
      { allowPrivate: credentials.allowPrivate },
    );
  } catch (error) {
    if (error instanceof RefusedAddressError) throw new ShopAddressError(error.message);
    throw networkError(signal, error);
  }
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    response.destroy();
    throw new ShopError(
      'La boutique renvoie vers une autre adresse : enregistrez son adresse exacte (les redirections ne sont pas suivies).',
    );
  }
  let text: string;
  try {
    text = await boundedText(response);
  } catch (error) {
    if (error instanceof ShopError) throw error;
    throw networkError(signal, error);
  }
  if (status === 401 || status === 403) {
    throw new ShopError('La boutique refuse ces identifiants (clé ou secret incorrect, ou droits insuffisants).');
  }
  if (status === 404 && method !== 'GET') {
    throw new ShopNotFoundError("La commande n'existe plus dans la boutique.");
  }
  if (status < 200 || status > 299) {
    throw new ShopError(`La boutique répond par une erreur ${status}.`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  try {
    return { status, headers, body: JSON.parse(text) };
  } catch {
    throw new ShopError('Cette adresse ne répond pas comme une boutique WooCommerce.');
  }
}

/** The body as text, refused past MAX_BODY_BYTES however it is sent (a length header or chunks). */
async function boundedText(response: IncomingMessage): Promise<string> {
  const tooLarge = () => new ShopError('La boutique a envoyé une réponse trop volumineuse.');
  if (Number(response.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A write to an order the shop no longer has: retrying cannot help. */
export class ShopNotFoundError extends ShopError {}

function networkError(signal: AbortSignal, _error: unknown): ShopError {
  if (signal.aborted) {
    return new ShopError(
      `La boutique n'a pas répondu dans les ${IMPORT_TIMEOUT_MS / 1000} secondes : réessayez plus tard.`,
    );
  }
  return new ShopError('La boutique ne répond pas : vérifiez son adresse.');
}

/** WooCommerce's order (REST API v3), as far as the import reads it; everything else is ignored. */
export type WooOrder = {
  id: number;
  status?: string;
  date_created?: string;
  date_created_gmt?: string;
  total?: string;
  billing?: Partial<
    Record<
      | 'first_name'
      | 'last_name'
      | 'company'
      | 'address_1'
      | 'address_2'
      | 'city'
      | 'postcode'
      | 'country'
      | 'email'
      | 'phone',
      string
    >
  >;
  line_items?: { name?: string; sku?: string; quantity?: number; meta_data?: WooMeta[] }[];
  meta_data?: WooMeta[];
};
type WooMeta = { key?: string; value?: unknown };

/**
 * Every paid order created after `after` (GMT, ISO), oldest first, following X-WP-TotalPages. The same order may
 * come twice (a new order shifts the pages while we read): kept once.
 */
export async function fetchPaidOrders(
  credentials: ShopCredentials,
  after: string | null,
  signal: AbortSignal,
): Promise<WooOrder[]> {
  const orders = new Map<number, WooOrder>();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const query = new URLSearchParams({
      status: PAID_STATUSES.join(','),
      per_page: String(PER_PAGE),
      page: String(page),
      orderby: 'date',
      order: 'asc',
      dates_are_gmt: 'true',
    });
    if (after) query.set('after', after);
    const { headers, body } = await shopRequest(credentials, 'GET', `/orders?${query}`, signal);
    if (!Array.isArray(body)) throw new ShopError('Cette adresse ne répond pas comme une boutique WooCommerce.');
    for (const item of body) {
      if (item && typeof item === 'object' && Number.isSafeInteger((item as WooOrder).id)) {
        const order = item as WooOrder;
        if (!orders.has(order.id)) orders.set(order.id, order);
      }
    }
    const totalPages = Number(headers.get('x-wp-totalpages') ?? 1);
    if (!Number.isFinite(totalPages) || page >= totalPages || body.length === 0) break;
  }
  return [...orders.values()];
}

// --- Mapping -------------------------------------------------------------------------------------------------

/** Booking origin of the shop's orders (booking_origins label, created by the importer when missing). */
export const SHOP_ORIGIN = 'Boutique en ligne';
const MAX_PASSENGERS = 50;
const MAX_TEXT = 255;

type ImportedPerson = NormalizedOrder['passengers'][number];
export type MappedOrder = NormalizedOrder & { source: 'woocommerce' };

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/**
 * One-line text from the shop: control characters out (bidirectional ones too: a reversed name), trimmed, bounded;
 * null when empty.
 */
function text(value: unknown, max = MAX_TEXT): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const clean = withoutBidiControls(String(value)).replace(CONTROL_CHARACTERS, ' ').trim();
  return clean ? clean.slice(0, max) : null;
}

function amount(value: unknown): number | null {
  const parsed = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 0 && parsed < 1e9 ? Math.round(parsed * 100) / 100 : null;
}

/**
 * A passenger's weight or age from the meta data (decimal comma accepted). Out of its range (domain BOUNDS) it is
 * stored unknown, as when the shop did not ask for it: the booking then shows the passenger's details missing.
 */
function boundedNumber(value: unknown, bound: Bound): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const parsed =
    typeof value === 'string' ? Number(value.replace(',', '.')) : typeof value === 'number' ? value : Number.NaN;
  return isWithinBound(parsed, bound) ? parsed : null;
}

const PASSENGER_FIELDS: Record<string, keyof ImportedPerson> = {
  prenom: 'first_name',
  first_name: 'first_name',
  firstname: 'first_name',
  nom: 'last_name',
  last_name: 'last_name',
  lastname: 'last_name',
  email: 'email',
  mail: 'email',
  telephone: 'phone',
  phone: 'phone',
  poids: 'weight',
  weight: 'weight',
  age: 'age',
};

/**
 * Passenger details from the order's and its line items' meta data, as booking plugins (product add-ons, checkout
 * field editors) store them: keys like `passager_1_prenom`, `Passager 2 - Nom`, `passenger_1_weight`. Private
 * keys (a leading underscore) are the plugins' own and skipped.
 */
export function passengersFromMeta(meta: WooMeta[]): ImportedPerson[] {
  const people = new Map<number, ImportedPerson>();
  for (const entry of meta.slice(0, 1000)) {
    if (typeof entry?.key !== 'string' || entry.key.startsWith('_')) continue;
    const key = entry.key
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const match = /^(?:passager|passenger)\s*[-_ #]?\s*(\d{1,2})\s*[-_ :]*\s*([a-z_]+)$/.exec(key);
    const field = match ? PASSENGER_FIELDS[match[2]!] : undefined;
    if (!match || !field) continue;
    const index = Number(match[1]);
    if (index < 1 || index > MAX_PASSENGERS) continue;
    const person = people.get(index) ?? { first_name: null, last_name: null, email: null, phone: null };
    if (field === 'weight') person.weight = boundedNumber(entry.value, BOUNDS.passengerWeight);
    else if (field === 'age') person.age = boundedNumber(entry.value, BOUNDS.passengerAge);
    else person[field] = text(entry.value);
    people.set(index, person);
  }
  return [...people.entries()].sort(([a], [b]) => a - b).map(([, person]) => person);
}

/** The order as the importer takes it; a French error list when it cannot become a booking. */
export function mapWooOrder(order: WooOrder): { order: MappedOrder } | { errors: string[] } {
  const errors: string[] = [];
  const items = Array.isArray(order.line_items) ? order.line_items.slice(0, 100) : [];
  const skus = [...new Set(items.map((item) => text(item?.sku)).filter((sku): sku is string => Boolean(sku)))];
  const flights = items.filter((item) => text(item?.sku));
  if (skus.length === 0) errors.push("Aucun article de la commande n'a de référence (SKU) de prestation.");
  if (skus.length > 1) errors.push(`La commande contient plusieurs prestations (${skus.join(', ')}).`);
  const passengerCount = flights.reduce(
    (sum, item) => sum + (Number.isSafeInteger(item.quantity) && Number(item.quantity) > 0 ? Number(item.quantity) : 0),
    0,
  );
  if (skus.length > 0 && passengerCount < 1) errors.push('La commande ne contient aucune place.');
  if (passengerCount > MAX_PASSENGERS) errors.push(`La commande contient trop de places (${passengerCount}).`);
  const created = text(order.date_created_gmt) ?? text(order.date_created);
  const purchaseDate = created && /^\d{4}-\d{2}-\d{2}/.test(created) ? created.slice(0, 10) : null;
  if (!purchaseDate) errors.push("La date de la commande n'est pas lisible.");
  if (errors.length) return { errors };
  const billing = order.billing ?? {};
  const address = [text(billing.address_1), text(billing.address_2)].filter(Boolean).join(', ') || null;
  const meta = [...(order.meta_data ?? []), ...flights.flatMap((item) => item.meta_data ?? [])];
  const total = amount(order.total);
  return {
    order: {
      source: 'woocommerce',
      orderId: String(order.id),
      origin: SHOP_ORIGIN,
      purchaseDate: purchaseDate as string,
      prestation: { code: skus[0], label: text(flights[0]?.name) },
      passengerCount,
      amountPaid: total,
      amountTotal: total,
      buyer: {
        first_name: text(billing.first_name),
        last_name: text(billing.last_name),
        email: text(billing.email),
        phone: text(billing.phone, 50),
        company_name: text(billing.company),
        address: address?.slice(0, MAX_TEXT) ?? null,
        zip_code: text(billing.postcode, 20),
        town: text(billing.city),
        country: text(billing.country, 100),
      },
      passengers: passengersFromMeta(meta).slice(0, passengerCount),
    },
  };
}

// --- Import --------------------------------------------------------------------------------------------------

/** system_state key: date_created_gmt of the last order imported in sequence (the next run asks after it). */
export const CURSOR_KEY = 'woocommerce_last_order_date';

export type ShopImportResult = {
  /** Bookings created by this run, in the shop's order. */
  bookingIds: number[];
  /** Orders that could not become bookings (nothing written for them); retried by the next run. */
  failures: { orderId: string; errors: string[] }[];
};

/** True when the shop's address, key and secret are all stored (the import button is shown then). */
export async function isShopConfigured(db: Kysely<DB>): Promise<boolean> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...SETTING_KEYS])
    .execute();
  return SETTING_KEYS.every((key) => rows.some((row) => row.key === key && row.value?.trim()));
}

/**
 * Imports the shop's new paid orders: every page after the cursor, each order in a transaction of its own through
 * the shared importer (idempotent on the order id: an order read twice, or by two runs, makes one booking). The
 * cursor only moves past orders imported in sequence, so an order refused today (no SKU, two products) is asked
 * for again by the next run, never skipped. A product matching no prestation is no refusal (issue 27): the paid
 * order becomes a booking 'Prestation à préciser'. The whole run is bounded by IMPORT_TIMEOUT_MS.
 */
export async function importShopOrders(
  db: Kysely<DB>,
  config: Pick<Config, 'dataDir' | 'appKey' | 'shopAllowPrivate'>,
  auth: Auth | null = null,
): Promise<ShopImportResult> {
  const credentials = await readShopCredentials(db, config);
  if (!credentials) {
    throw new ShopError("La boutique en ligne n'est pas configurée (Paramètres > Boutique en ligne).");
  }
  const signal = AbortSignal.timeout(IMPORT_TIMEOUT_MS);
  const stored = await db.selectFrom('system_state').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst();
  // One second back: WooCommerce's `after` is exclusive and two orders may share a second; re-reading the last
  // imported order costs nothing (idempotent).
  const after = stored ? new Date(Date.parse(`${stored.value}Z`) - 1000).toISOString().slice(0, 19) : null;
  const orders = await fetchPaidOrders(credentials, after, signal);
  orders.sort((a, b) => (a.date_created_gmt ?? '').localeCompare(b.date_created_gmt ?? '') || a.id - b.id);
  const result: ShopImportResult = { bookingIds: [], failures: [] };
  let cursor = stored?.value ?? null;
  let isInSequence = true;
  try {
    for (const order of orders) {
      if (signal.aborted) {
        // The shop answered, our own writes took the time: keep what is done, the next run goes on from there.
        result.failures.push({
          orderId: String(order.id),
          errors: [`Temps écoulé : relancez l'import pour cette commande et les suivantes.`],
        });
        break;
      }
      const mapped = mapWooOrder(order);
      let errors: string[] | null = 'errors' in mapped ? mapped.errors : null;
      if ('order' in mapped) {
        try {
          const imported = await db.transaction().execute((trx) => importOrder(trx, mapped.order, { auth }));
          if (imported.created) result.bookingIds.push(imported.bookingId);
        } catch (error) {
          if (!(error instanceof OrderImportError)) throw error;
          errors = error.errors;
        }
      }
      if (errors) {
        result.failures.push({ orderId: String(order.id), errors });
        isInSequence = false;
      } else if (
        isInSequence &&
        order.date_created_gmt &&
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(order.date_created_gmt)
      ) {
        cursor = order.date_created_gmt;
      }
    }
  } finally {
    const value = cursor;
    if (value && value !== stored?.value) {
      await db
        .insertInto('system_state')
        .values({ key: CURSOR_KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    }
  }
  return result;
}
