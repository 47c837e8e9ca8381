import { BOUNDS, isCleanText } from '@app/domain';
import { type ImportedPerson, isIsoDate, MAX_PASSENGERS_PER_ORDER, type NormalizedOrder } from './order-import.js';

// Partner order files (docs/api.md): JSON, one order per file, or CSV, one line per passenger, ';'-separated, UTF-8
// with or without BOM, as French spreadsheets write it (decimal commas, DD/MM/YYYY dates, quoted fields, CRLF).
// Parsing never throws: it answers the orders it could read and one French message per problem. Problems of an order
// itself (id, partner, date, prestation, count) drop that order; problems of a passenger's detail (weight, email...)
// drop that detail only and are reported, which makes the import partial.

export type ParsedFile = { orders: NormalizedOrder[]; errors: string[] };

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_CSV_LINES = 20_000;
/** One file is one transaction: about 4 ms an order, so a file stays under a few seconds of import. */
export const MAX_ORDERS_PER_FILE = 1000;
const MAX_TEXT = 255;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Raw = Record<string, unknown>;

/** Text of a one-line field: trimmed, bounded, no control character (bidirectional ones included); null when absent. */
function text(value: unknown, label: string, errors: string[], max = MAX_TEXT): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') {
    errors.push(`${label} : texte attendu.`);
    return null;
  }
  const t = value.trim();
  if (t === '') return null;
  if (t.length > max) {
    errors.push(`${label} : ${max} caractères au maximum.`);
    return null;
  }
  if (!isCleanText(t)) {
    errors.push(`${label} : caractères de contrôle interdits.`);
    return null;
  }
  return t;
}

/** A number written as JSON or as a French spreadsheet writes it ("1 234,50"). */
function decimal(value: unknown, label: string, errors: string[], min: number, max: number): number | null {
  if (value === null || value === undefined || value === '') return null;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string') {
    const s = value
      .trim()
      .replace(/[\s\u00a0\u202f]/g, '')
      .replace(',', '.');
    n = /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
    if (s === '') return null;
  } else n = Number.NaN;
  if (!Number.isFinite(n) || n < min || n > max) {
    errors.push(`${label} : nombre entre ${min} et ${max} attendu.`);
    return null;
  }
  return n;
}

function integer(value: unknown, label: string, errors: string[], min: number, max: number): number | null {
  const n = decimal(value, label, errors, min, max);
  if (n !== null && !Number.isInteger(n)) {
    errors.push(`${label} : nombre entier attendu.`);
    return null;
  }
  return n;
}

/** YYYY-MM-DD, or DD/MM/YYYY as French spreadsheets write it. */
function date(value: unknown, label: string, errors: string[]): string | null {
  const t = text(value, label, errors, 20);
  if (t === null) return null;
  const fr = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  const iso = fr ? `${fr[3]}-${fr[2]!.padStart(2, '0')}-${fr[1]!.padStart(2, '0')}` : t.slice(0, 10);
  if ((!fr && !/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(t)) || !isIsoDate(iso)) {
    errors.push(`${label} : date AAAA-MM-JJ ou JJ/MM/AAAA attendue.`);
    return null;
  }
  return iso;
}

function email(value: unknown, label: string, errors: string[]): string | null {
  const t = text(value, label, errors);
  if (t !== null && !EMAIL.test(t)) {
    errors.push(`${label} : adresse invalide.`);
    return null;
  }
  return t;
}

function person(raw: Raw, label: string, errors: string[]): ImportedPerson {
  return {
    first_name: text(raw.first_name, `${label}, prénom`, errors),
    last_name: text(raw.last_name, `${label}, nom`, errors),
    email: email(raw.email, `${label}, email`, errors),
    phone: text(raw.phone, `${label}, téléphone`, errors, 50),
    // Out of its range (domain BOUNDS), a weight or an age is dropped and reported: the passenger is imported with
    // it unknown, to be asked like any missing weight (docs/decisions.md).
    weight: decimal(raw.weight, `${label}, poids`, errors, BOUNDS.passengerWeight.min, BOUNDS.passengerWeight.max),
    age: integer(raw.age, `${label}, âge`, errors, BOUNDS.passengerAge.min, BOUNDS.passengerAge.max),
  };
}

type OrderHead = {
  partner: unknown;
  order_id: unknown;
  purchase_date: unknown;
  prestation: unknown;
  passengers_count: unknown;
  amount: unknown;
  amount_total: unknown;
};

/**
 * The order-level fields; null (with the reasons in `fatal`) when the order cannot be imported. The idempotency key
 * is `partner/order_id`: two partners may well use the same order numbers.
 */
function head(raw: OrderHead, label: string, fatal: string[], minCount: number) {
  const required = <T>(name: string, read: (label: string) => T | null): T | null => {
    const before = fatal.length;
    const value = read(`${label}${name}`);
    if (value === null && fatal.length === before) fatal.push(`${label}${name} : champ obligatoire manquant.`);
    return value;
  };
  const orderId = required('numéro de commande (order_id)', (l) => text(raw.order_id, l, fatal, 39));
  const partner = required('partenaire (partner)', (l) => text(raw.partner, l, fatal, 50));
  const purchaseDate = required("date d'achat (purchase_date)", (l) => date(raw.purchase_date, l, fatal));
  const prestation = required('prestation', (l) => text(raw.prestation, l, fatal));
  const count = integer(raw.passengers_count, `${label}nombre de passagers`, fatal, 1, MAX_PASSENGERS_PER_ORDER);
  const amount = decimal(raw.amount, `${label}montant (amount)`, fatal, BOUNDS.amount.min, BOUNDS.amount.max);
  const total = decimal(
    raw.amount_total,
    `${label}montant total (amount_total)`,
    fatal,
    BOUNDS.amount.min,
    BOUNDS.amount.max,
  );
  const passengerCount = count ?? Math.max(1, minCount);
  if (passengerCount > MAX_PASSENGERS_PER_ORDER)
    fatal.push(`${label}nombre de passagers : ${MAX_PASSENGERS_PER_ORDER} au maximum.`);
  if (fatal.length || !orderId || !partner || !purchaseDate) return null;
  return {
    orderId: `${partner}/${orderId}`,
    origin: partner,
    purchaseDate,
    prestation: { code: prestation, label: prestation },
    passengerCount,
    amountPaid: amount,
    amountTotal: total ?? amount,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// JSON: one order.

export function parseJsonOrder(content: string): ParsedFile {
  let raw: unknown;
  try {
    raw = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    return { orders: [], errors: ['Fichier JSON invalide : le contenu ne peut pas être lu.'] };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { orders: [], errors: ['Fichier JSON invalide : une commande (objet) est attendue.'] };
  const r = raw as Raw;
  const fatal: string[] = [];
  const errors: string[] = [];
  const passengersRaw = r.passengers ?? [];
  if (!Array.isArray(passengersRaw)) fatal.push('Passagers (passengers) : liste attendue.');
  const list = Array.isArray(passengersRaw) ? passengersRaw : [];
  if (list.length > MAX_PASSENGERS_PER_ORDER)
    fatal.push(`Passagers (passengers) : ${MAX_PASSENGERS_PER_ORDER} au maximum.`);
  const buyerRaw = r.buyer;
  if (buyerRaw !== undefined && buyerRaw !== null && (typeof buyerRaw !== 'object' || Array.isArray(buyerRaw)))
    fatal.push('Acheteur (buyer) : objet attendu.');
  const h = head(r as OrderHead, '', fatal, list.length);
  if (!h) return { orders: [], errors: fatal };

  const passengers: ImportedPerson[] = [];
  list.forEach((p, i) => {
    if (p && typeof p === 'object' && !Array.isArray(p)) passengers.push(person(p as Raw, `Passager ${i + 1}`, errors));
    else errors.push(`Passager ${i + 1} : objet attendu.`);
  });
  const b = (buyerRaw ?? {}) as Raw;
  const buyer = {
    ...person(b, 'Acheteur', errors),
    company_name: text(b.company_name, 'Acheteur, société', errors),
    address: text(b.address, 'Acheteur, adresse', errors),
    zip_code: text(b.zip_code, 'Acheteur, code postal', errors, 20),
    town: text(b.town, 'Acheteur, ville', errors),
    country: text(b.country, 'Acheteur, pays', errors),
  };
  return finish({ source: 'partner', ...h, buyer, passengers }, errors, '');
}

/** Fills a missing buyer from the referent, trims extra passengers (reported), and answers the file's result. */
function finish(order: NormalizedOrder, errors: string[], label: string): ParsedFile {
  if (!order.buyer.last_name && !order.buyer.company_name) {
    const referent = order.passengers.find((p) => p.last_name);
    if (!referent) return { orders: [], errors: [...errors, `${label}Acheteur, nom : champ obligatoire manquant.`] };
    order.buyer = { ...order.buyer, ...pick(referent, order.buyer) };
  }
  if (order.passengers.length > order.passengerCount) {
    errors.push(
      `${label}${order.passengers.length} passagers pour ${order.passengerCount} places commandées : les passagers en trop sont ignorés.`,
    );
    order.passengers = order.passengers.slice(0, order.passengerCount);
  }
  return { orders: [order], errors };
}

const pick = (from: ImportedPerson, into: ImportedPerson): ImportedPerson => ({
  first_name: into.first_name ?? from.first_name,
  last_name: into.last_name ?? from.last_name,
  email: into.email ?? from.email,
  phone: into.phone ?? from.phone,
});

// ---------------------------------------------------------------------------------------------------------------
// CSV: one line per passenger; the order's fields repeat on each of its lines (the first line wins).

export const CSV_COLUMNS = [
  'partner',
  'order_id',
  'purchase_date',
  'prestation',
  'passengers_count',
  'amount',
  'amount_total',
  'buyer_first_name',
  'buyer_last_name',
  'buyer_company_name',
  'buyer_email',
  'buyer_phone',
  'buyer_address',
  'buyer_zip_code',
  'buyer_town',
  'buyer_country',
  'first_name',
  'last_name',
  'email',
  'phone',
  'weight',
  'age',
] as const;
const REQUIRED_COLUMNS = ['partner', 'order_id', 'purchase_date', 'prestation'];

/** RFC 4180 with ';': quoted fields may hold ';', newlines and doubled quotes. Null when a quote is never closed. */
export function splitCsv(content: string, limit = MAX_CSV_LINES + 1): string[][] | null {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const n = content.length;
  while (i < n) {
    const c = content[i]!;
    if (quoted) {
      if (c === '"') {
        if (content[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      if (rows.length > limit) return rows;
      row = [];
      field = '';
      if (c === '\r' && content[i + 1] === '\n') i += 1;
    } else field += c;
    i += 1;
  }
  if (quoted) return null;
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export function parseCsvOrders(content: string): ParsedFile {
  const rows = splitCsv(content.replace(/^\uFEFF/, ''));
  if (rows === null) return { orders: [], errors: ['Fichier CSV invalide : un guillemet n’est jamais refermé.'] };
  const lines = rows.map((cells, index) => ({ cells, line: index + 1 })).filter((r) => r.cells.some((c) => c.trim()));
  if (lines.length === 0) return { orders: [], errors: ['Fichier CSV vide.'] };
  if (lines.length > MAX_CSV_LINES + 1)
    return { orders: [], errors: [`Fichier CSV trop long : ${MAX_CSV_LINES} lignes au maximum.`] };
  const header = lines[0]!.cells.map((h) => h.trim().toLowerCase());
  if (header.length === 1 && lines[0]!.cells[0]!.includes(','))
    return { orders: [], errors: ['Fichier CSV invalide : le séparateur attendu est le point-virgule (;).'] };
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    return {
      orders: [],
      errors: [`Fichier CSV invalide : colonnes obligatoires manquantes (${missing.join(', ')}).`],
    };
  const column = new Map(header.map((h, i) => [h, i]));

  const errors: string[] = [];
  const groups = new Map<string, { first: number; records: { raw: Raw; line: number }[] }>();
  for (const { cells, line } of lines.slice(1)) {
    if (cells.length > header.length + 5) {
      errors.push(`Ligne ${line} : trop de colonnes (${cells.length}), ligne ignorée.`);
      continue;
    }
    const raw: Raw = {};
    for (const name of CSV_COLUMNS) {
      const i = column.get(name);
      if (i !== undefined && cells[i] !== undefined) raw[name] = cells[i];
    }
    const key = `${String(raw.partner ?? '').trim()}\u0000${String(raw.order_id ?? '').trim()}`;
    if (!String(raw.order_id ?? '').trim()) {
      errors.push(`Ligne ${line} : numéro de commande (order_id) manquant, ligne ignorée.`);
      continue;
    }
    const group = groups.get(key) ?? { first: line, records: [] };
    group.records.push({ raw, line });
    groups.set(key, group);
  }

  if (groups.size > MAX_ORDERS_PER_FILE) {
    return {
      orders: [],
      errors: [
        `Fichier CSV trop long : ${MAX_ORDERS_PER_FILE} commandes au maximum par fichier (${groups.size} reçues).`,
      ],
    };
  }
  const orders: NormalizedOrder[] = [];
  for (const { records } of groups.values()) {
    const first = records[0]!.raw;
    const label = `Commande ${String(first.order_id).trim().slice(0, 90)} : `;
    const fatal: string[] = [];
    const h = head(first as unknown as OrderHead, label, fatal, records.length);
    if (!h) {
      errors.push(...fatal);
      continue;
    }
    const own: string[] = [];
    const passengers = records.map(({ raw, line }) => person(raw, `${label}ligne ${line}, passager`, own));
    const buyer = {
      ...person(
        {
          first_name: first.buyer_first_name,
          last_name: first.buyer_last_name,
          email: first.buyer_email,
          phone: first.buyer_phone,
        },
        `${label}acheteur`,
        own,
      ),
      company_name: text(first.buyer_company_name, `${label}acheteur, société`, own),
      address: text(first.buyer_address, `${label}acheteur, adresse`, own),
      zip_code: text(first.buyer_zip_code, `${label}acheteur, code postal`, own, 20),
      town: text(first.buyer_town, `${label}acheteur, ville`, own),
      country: text(first.buyer_country, `${label}acheteur, pays`, own),
    };
    const result = finish({ source: 'partner', ...h, buyer, passengers }, own, label);
    orders.push(...result.orders);
    errors.push(...result.errors);
  }
  return { orders, errors };
}

/** By extension: .json or .csv (the only names the folder accepts). */
export function parseOrderFile(name: string, content: string): ParsedFile {
  return name.toLowerCase().endsWith('.json') ? parseJsonOrder(content) : parseCsvOrders(content);
}
