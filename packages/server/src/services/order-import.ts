import { addMonths, BOUNDS, type Bound, CUSTOMER_TYPES, hasAtMostDecimals, isCleanText, productKey } from '@app/domain';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Auth } from '../core/context.js';
import { fold, isPostgres } from '../db/database.js';
import type { DB, PassengersTable } from '../db/schema.js';
import { constraintViolation } from '../engine/db-errors.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { nextBookingNumber } from './booking-numbers.js';
import { validityMonths } from './validity.js';

// One order from outside (a partner's order file, the online shop) becomes customer + booking + passengers, inside
// the caller's transaction so that the caller's own bookkeeping (moving a file, paging a shop) commits with it.
// Idempotent per (source, orderId): partner orders are keyed in remote_orders.order_id (unique), shop orders in
// bookings.woocommerce_order_id (unique). The key row is claimed first with ON CONFLICT DO NOTHING, so a concurrent
// second import waits on the first one's row and then answers its booking instead of creating another one.

export type ImportedPerson = {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  weight?: number | null;
  age?: number | null;
};

export type NormalizedOrder = {
  source: 'partner' | 'woocommerce';
  /** Idempotency key: one booking per (source, orderId); a second import answers the existing booking. */
  orderId: string;
  /** Booking origin label (partner name, or 'Boutique en ligne'); found or created in booking origins. */
  origin: string;
  purchaseDate: string; // YYYY-MM-DD
  /** Prestation by id, or by its code/SKU/label as the source knows it; unknown -> imported without, flagged. */
  prestation: { id?: number; code?: string | null; label?: string | null };
  passengerCount: number;
  amountPaid: number | null;
  amountTotal: number | null;
  buyer: ImportedPerson & {
    company_name?: string | null;
    address?: string | null;
    zip_code?: string | null;
    town?: string | null;
    country?: string | null;
  };
  passengers: ImportedPerson[]; // may be fewer than passengerCount (names unknown)
};

export type ImportResult = { bookingId: number; created: boolean };

/** Refused order: nothing was written; one French message per problem. */
export class OrderImportError extends Error {
  errors: string[];
  constructor(errors: string[]) {
    super(errors.join(' '));
    this.name = 'OrderImportError';
    this.errors = errors;
  }
}

export const MAX_PASSENGERS_PER_ORDER = 50;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Checks every field against the column it lands in; returns the French problems (empty when the order is fine). */
export function validateOrder(order: NormalizedOrder): string[] {
  const errors: string[] = [];
  const text = (value: unknown, label: string, max: number, required = false) => {
    if (value === null || value === undefined || value === '') {
      if (required) errors.push(`${label} : champ obligatoire manquant.`);
      return;
    }
    if (typeof value !== 'string') errors.push(`${label} : texte attendu.`);
    else if (value.length > max) errors.push(`${label} : ${max} caractères au maximum.`);
    // Control characters, bidirectional ones included (a reversed name), as in every one-line field (domain).
    else if (!isCleanText(value)) errors.push(`${label} : caractères de contrôle interdits.`);
  };
  // The ranges of the domain's BOUNDS, as for a passenger or a booking written by hand (issue 26).
  const number = (value: unknown, label: string, bound: Bound) => {
    if (value === null || value === undefined) return;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < bound.min || value > bound.max)
      errors.push(`${label} : nombre entre ${bound.min} et ${bound.max} attendu.`);
    else if (bound.isInteger && !Number.isInteger(value)) errors.push(`${label} : entier attendu.`);
    else if (bound.decimals !== undefined && !hasAtMostDecimals(value, bound.decimals))
      errors.push(`${label} : ${bound.decimals} décimales au maximum.`);
  };
  const person = (p: ImportedPerson, label: string) => {
    text(p.first_name, `${label}, prénom`, 255);
    text(p.last_name, `${label}, nom`, 255);
    text(p.email, `${label}, email`, 255);
    if (typeof p.email === 'string' && p.email !== '' && !EMAIL.test(p.email))
      errors.push(`${label}, email : adresse invalide.`);
    text(p.phone, `${label}, téléphone`, 50);
    number(p.weight, `${label}, poids`, BOUNDS.passengerWeight);
    number(p.age, `${label}, âge`, BOUNDS.passengerAge);
  };
  if (order.source !== 'partner' && order.source !== 'woocommerce') errors.push('Source de commande inconnue.');
  text(order.orderId, 'Numéro de commande', 90, true);
  text(order.origin, 'Origine (partenaire)', 255, true);
  if (typeof order.purchaseDate !== 'string' || order.purchaseDate === '')
    errors.push("Date d'achat : champ obligatoire manquant.");
  else if (!isIsoDate(order.purchaseDate)) errors.push("Date d'achat : date AAAA-MM-JJ attendue.");
  const p = order.prestation ?? {};
  if (p.id === undefined && !p.code && !p.label) errors.push('Prestation : champ obligatoire manquant.');
  if (p.id !== undefined && (!Number.isInteger(p.id) || p.id < 1)) errors.push('Prestation : identifiant invalide.');
  text(p.code, 'Prestation (code)', 255);
  text(p.label, 'Prestation', 255);
  if (
    !Number.isInteger(order.passengerCount) ||
    order.passengerCount < 1 ||
    order.passengerCount > MAX_PASSENGERS_PER_ORDER
  )
    errors.push(`Nombre de passagers : entier entre 1 et ${MAX_PASSENGERS_PER_ORDER} attendu.`);
  number(order.amountPaid, 'Montant payé', BOUNDS.amount);
  number(order.amountTotal, 'Montant total', BOUNDS.amount);
  if (!order.buyer || typeof order.buyer !== 'object') errors.push('Acheteur : champ obligatoire manquant.');
  else {
    person(order.buyer, 'Acheteur');
    if (!order.buyer.last_name && !order.buyer.company_name) errors.push('Acheteur, nom : champ obligatoire manquant.');
    text(order.buyer.company_name, 'Acheteur, société', 255);
    text(order.buyer.address, 'Acheteur, adresse', 255);
    text(order.buyer.zip_code, 'Acheteur, code postal', 20);
    text(order.buyer.town, 'Acheteur, ville', 255);
    text(order.buyer.country, 'Acheteur, pays', 255);
  }
  if (!Array.isArray(order.passengers)) errors.push('Passagers : liste attendue.');
  else {
    if (Number.isInteger(order.passengerCount) && order.passengers.length > order.passengerCount)
      errors.push(
        `Passagers : ${order.passengers.length} passagers nommés pour ${order.passengerCount} places commandées.`,
      );
    order.passengers.slice(0, MAX_PASSENGERS_PER_ORDER + 1).forEach((passenger, i) => {
      person(passenger, `Passager ${i + 1}`);
    });
  }
  return errors;
}

// Booking numbers handed out within one transaction: a 500-order file asks once, not 500 times (each ask scans the
// year's numbers).
const numberCache = new WeakMap<object, { prefix: string; sequence: number }>();

async function takeBookingNumber(trx: Transaction<DB>): Promise<string> {
  const cached = numberCache.get(trx);
  if (cached) {
    cached.sequence += 1;
    return `${cached.prefix}${String(cached.sequence).padStart(5, '0')}`;
  }
  const number = await nextBookingNumber(trx);
  const dash = number.lastIndexOf('-');
  numberCache.set(trx, { prefix: number.slice(0, dash + 1), sequence: Number(number.slice(dash + 1)) });
  return number;
}

const isBookingNumberTaken = (error: unknown) => {
  const violation = constraintViolation(error);
  return violation?.kind === 'unique' && violation.columns.includes('number');
};

/**
 * Inserts the booking under the next free number. Staff may save the number they were proposed
 * (GET /api/booking-next-number) while an import runs, another server process's request included: on PostgreSQL
 * that booking can be written between this transaction's read of the numbers and its insert, and the unique index
 * refuses the insert. It is undone to a savepoint and the number read again, past the one just taken (a 500
 * otherwise, the whole file's import lost: seen by npm run test:cluster). SQLite serializes writers: no such race.
 */
async function insertWithFreeNumber<T>(trx: Transaction<DB>, insert: (number: string) => Promise<T>): Promise<T> {
  if (!isPostgres(trx)) return insert(await takeBookingNumber(trx));
  for (let attempt = 1; ; attempt += 1) {
    const number = await takeBookingNumber(trx);
    await sql`SAVEPOINT booking_number`.execute(trx);
    try {
      const row = await insert(number);
      await sql`RELEASE SAVEPOINT booking_number`.execute(trx);
      return row;
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT booking_number`.execute(trx);
      if (!isBookingNumberTaken(error) || attempt >= 10) throw error;
      // The other booking is committed (the index waited for it): the numbers read again include it.
      const next = await nextBookingNumber(trx);
      const dash = next.lastIndexOf('-');
      numberCache.set(trx, { prefix: next.slice(0, dash + 1), sequence: Number(next.slice(dash + 1)) - 1 });
    }
  }
}

/**
 * The prestation an order names (issue 27): by id, else its code/SKU against the prestations' shop references, else
 * its code or product name against their labels, both sides compared by productKey (accents, case, spaces, dashes
 * and underscores aside). Null when nothing matches, or when two prestations do (ambiguous): the booking is then
 * imported with no prestation, 'Prestation à préciser' until staff choose one.
 */
async function findPrestation(trx: Transaction<DB>, ref: NormalizedOrder['prestation']): Promise<number | null> {
  if (ref.id !== undefined) {
    const row = await trx.selectFrom('prestations').select('id').where('id', '=', ref.id).executeTakeFirst();
    return row?.id ?? null;
  }
  const rows = await trx.selectFrom('prestations').select(['id', 'label', 'shop_sku']).execute();
  const keyOf = (value: string | null | undefined) => (value ? productKey(value) : '');
  const attempts: [string, 'shop_sku' | 'label'][] = [
    [keyOf(ref.code), 'shop_sku'],
    [keyOf(ref.code), 'label'],
    [keyOf(ref.label), 'label'],
  ];
  for (const [wanted, column] of attempts) {
    if (!wanted) continue;
    const hits = rows.filter((row) => keyOf(row[column]) === wanted);
    if (hits.length === 1) return hits[0]!.id;
    if (hits.length > 1) return null;
  }
  return null;
}

/** The origin's id, created when new (its history entry then added to `history`). */
async function originId(trx: Transaction<DB>, label: string, history: HistoryEntry[]): Promise<number> {
  const rows = await trx.selectFrom('booking_origins').select(['id', 'label']).execute();
  const hit = rows.find((r) => fold(r.label.trim()) === fold(label.trim()));
  if (hit) return hit.id;
  const row = await trx
    .insertInto('booking_origins')
    .values({ label: label.trim() })
    .returningAll()
    .executeTakeFirstOrThrow();
  history.push({ resource: 'booking-origins', recordId: row.id, action: 'create', changes: diffRow(null, { ...row }) });
  return row.id;
}

// The validity setting read once per transaction, like the booking numbers (a partner file imports many orders).
const monthsCache = new WeakMap<object, number>();
async function monthsOf(trx: Transaction<DB>): Promise<number> {
  let months = monthsCache.get(trx);
  if (months === undefined) {
    months = await validityMonths(trx);
    monthsCache.set(trx, months);
  }
  return months;
}

const clean = (v: string | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const t = v.trim();
  return t === '' ? null : t;
};

/**
 * Inside the caller's transaction: customer, booking (status 1, next booking number, validity = purchase date + the
 * months setting, as a booking created by hand), passengers (first = referent), each recorded in the history as
 * written by `auth` (the user or API key who ran the import). Throws OrderImportError (nothing written by this
 * call) when the order is invalid; an unknown prestation is no error (the booking is written without, flagged).
 * The options carry the partner file's name, recorded with the partner order key.
 */
export async function importOrder(
  trx: Transaction<DB>,
  order: NormalizedOrder,
  options: { file?: string; auth?: Auth | null } = {},
): Promise<ImportResult> {
  const errors = validateOrder(order);
  if (errors.length) throw new OrderImportError(errors);
  const orderId = order.orderId.trim();

  // Booking numbers are computed from the highest in use and shop keys are checked before the insert: serialize
  // importers on PostgreSQL (released at commit), so a concurrent second import of the same order sees the first
  // one's booking, and two imports never propose the same number. SQLite writers are serialized already.
  if (isPostgres(trx) && !numberCache.has(trx)) {
    await sql`SELECT pg_advisory_xact_lock(7341001)`.execute(trx);
  }

  const existing = await findExisting(trx, order.source, orderId);
  if (existing !== null) return { bookingId: existing, created: false };

  // A paid order is never left waiting for its prestation (issue 27): unknown or ambiguous, the booking is written
  // with none and shows 'Prestation à préciser' (bookings.prestation_to_specify) until staff choose one.
  const prestationId = await findPrestation(trx, order.prestation);

  const now = new Date().toISOString();
  if (order.source === 'partner') {
    // Claim the key first: a concurrent import of the same order blocks here until this transaction ends.
    const claimed = await trx
      .insertInto('remote_orders')
      .values({ file: (options.file ?? '').slice(0, 255), order_id: orderId, booking_id: null, imported_at: now })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) {
      const again = await findExisting(trx, order.source, orderId);
      if (again !== null) return { bookingId: again, created: false };
      // The key is taken but its booking is gone (deleted since): importing again would resurrect it silently.
      throw new OrderImportError([`La commande ${orderId} a déjà été importée, mais sa réservation a été supprimée.`]);
    }
  }

  const history: HistoryEntry[] = [];
  const buyer = order.buyer;
  const customer = await trx
    .insertInto('customers')
    .values({
      customer_type_id: clean(buyer.company_name) ? CUSTOMER_TYPES.professional.id : CUSTOMER_TYPES.individual.id,
      first_name: clean(buyer.first_name),
      last_name: clean(buyer.last_name),
      company_name: clean(buyer.company_name),
      email: clean(buyer.email),
      phone: clean(buyer.phone),
      address: clean(buyer.address),
      zip_code: clean(buyer.zip_code),
      town: clean(buyer.town),
      country: clean(buyer.country),
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  const paid = order.amountPaid ?? null;
  const total = order.amountTotal ?? null;
  // Read (or written) before the booking's savepoint, which undoes only the booking.
  const bookingOriginId = await originId(trx, order.origin, history);
  const validityDate = addMonths(order.purchaseDate, await monthsOf(trx));
  const booking = await insertWithFreeNumber(trx, (number) =>
    trx
      .insertInto('bookings')
      .values({
        number,
        booked_at: order.purchaseDate,
        passengers_number: order.passengerCount,
        booking_status_id: 1,
        customer_id: customer.id,
        prestation_id: prestationId,
        booking_origin_id: bookingOriginId,
        paid_amount: paid,
        total_amount: total,
        remaining_amount: total !== null ? Math.max(0, Math.round((total - (paid ?? 0)) * 100) / 100) : null,
        woocommerce_order_id: order.source === 'woocommerce' ? orderId : null,
        validity_date: validityDate,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  const number = booking.number;
  history.push(
    { resource: 'customers', recordId: customer.id, action: 'create', changes: diffRow(null, { ...customer }) },
    {
      resource: 'bookings',
      recordId: booking.id,
      action: 'create',
      changes: diffRow(null, { ...booking }),
      bookingId: booking.id,
    },
  );

  // Named passengers first (the first is the referent); with no names at all, the buyer flies as referent.
  const named = order.passengers.filter((p) => clean(p.first_name) || clean(p.last_name));
  const people: ImportedPerson[] = named.length ? named : [buyer];
  const rows: Insertable<PassengersTable>[] = people.slice(0, order.passengerCount).map((p, i) => ({
    booking_id: booking.id,
    ticket_number: `${number}-${String(i + 1).padStart(2, '0')}`,
    first_name: clean(p.first_name),
    last_name: clean(p.last_name),
    is_referent: i === 0 ? 1 : 0,
    email: clean(p.email),
    phone: clean(p.phone),
    age: p.age ?? null,
    weight: p.weight ?? null,
  }));
  if (rows.length) {
    const passengers = await trx.insertInto('passengers').values(rows).returningAll().execute();
    for (const p of passengers) {
      history.push({
        resource: 'passengers',
        recordId: p.id,
        action: 'create',
        changes: diffRow(null, { ...p }),
        bookingId: booking.id,
      });
    }
  }

  if (order.source === 'partner') {
    await trx.updateTable('remote_orders').set({ booking_id: booking.id }).where('order_id', '=', orderId).execute();
  }
  await recordHistory(trx, options.auth, history);
  return { bookingId: booking.id, created: true };
}

async function findExisting(trx: Transaction<DB>, source: NormalizedOrder['source'], orderId: string) {
  if (source === 'woocommerce') {
    const row = await trx
      .selectFrom('bookings')
      .select('id')
      .where('woocommerce_order_id', '=', orderId)
      .executeTakeFirst();
    return row?.id ?? null;
  }
  const row = await trx
    .selectFrom('remote_orders')
    .select('booking_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.booking_id ?? null;
}
