// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from the declarations below at run time
import { customerDisplayName, historyDeletedLabel } from '@app/domain';
import type { Kysely } from 'kysely';
import type { Row } from './types.js';

// The history names records as staff know them (issue 27): a booking by its number, a customer by the domain's
// customerDisplayName, a person by their full name, a flight by its day and time, anything else by its label.
// Written: each entry keeps the names of its record and of the records its references pointed to, as they were
// (migration 0027), so a record deleted since keeps its name. Read: names of the records still there are read
// again (a renamed location shows its new label), one statement per table for a whole page, and what is gone
// keeps the name it was written with, else 'n° 12 (supprimé)'.
// A person's name (passengers, customers) is never written: once the person is deleted no clear value of theirs
// stays in the history (decisions.md, 'Personal data follows the record'); their entries name them while they exist.

/** Every name is bounded text. */
export const MAX_LABEL_LENGTH = 200;

type Namer = { columns: readonly string[]; name: (row: Row) => string | null; isPersonal?: boolean };

const bounded = (text: unknown): string | null => {
  const trimmed = typeof text === 'string' ? text.trim() : text == null ? '' : String(text).trim();
  return trimmed ? trimmed.slice(0, MAX_LABEL_LENGTH) : null;
};
const byLabel: Namer = { columns: ['label'], name: (row) => bounded(row.label) };
const byFullName: Namer = {
  columns: ['first_name', 'last_name'],
  name: (row) => bounded(`${row.first_name ?? ''} ${row.last_name ?? ''}`),
};
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;
/** 'Vol du 14/07/2032 à 06:45'. */
function flightName(row: Row): string | null {
  const day = DATE.exec(String(row.scheduled_date ?? ''));
  if (!day) return null;
  const time = String(row.scheduled_time ?? '').slice(0, 5);
  return bounded(`Vol du ${day[3]}/${day[2]}/${day[1]}${time ? ` à ${time}` : ''}`);
}

/** How each table's records are named, and the columns that takes. */
const NAMERS: Readonly<Record<string, Namer>> = {
  bookings: { columns: ['number'], name: (row) => bounded(row.number) },
  customers: {
    columns: ['customer_type_id', 'first_name', 'last_name', 'company_name'],
    name: (row) => bounded(customerDisplayName(row as Parameters<typeof customerDisplayName>[0])),
    isPersonal: true,
  },
  passengers: { ...byFullName, isPersonal: true },
  pilots: byFullName,
  teammates: byFullName,
  users: byFullName,
  flights: { columns: ['scheduled_date', 'scheduled_time'], name: flightName },
  locations: byLabel,
  prestations: byLabel,
  balloons: byLabel,
  booking_origins: byLabel,
  business_providers: byLabel,
  payment_methods: byLabel,
  passenger_types: byLabel,
  flight_types: byLabel,
  customer_types: byLabel,
  flight_schedules: byLabel,
  roles: byLabel,
  ticket_templates: byLabel,
  email_templates: byLabel,
};

/** The table of an entry's own record, by resource (its /api path). */
const RECORD_TABLES: Readonly<Record<string, string>> = {
  bookings: 'bookings',
  customers: 'customers',
  passengers: 'passengers',
  pilots: 'pilots',
  teammates: 'teammates',
  users: 'users',
  flights: 'flights',
  locations: 'locations',
  prestations: 'prestations',
  balloons: 'balloons',
  'booking-origins': 'booking_origins',
  'business-providers': 'business_providers',
  'payment-methods': 'payment_methods',
  'passenger-types': 'passenger_types',
  'flight-types': 'flight_types',
  'customer-types': 'customer_types',
  'flight-schedules': 'flight_schedules',
  roles: 'roles',
  'ticket-templates': 'ticket_templates',
  'email-templates': 'email_templates',
};

/**
 * The table a changed field points to: a field has the same meaning wherever it appears (the domain's
 * HISTORY_FIELD_LABELS). `teammates` and `flight_schedules` are lists of ids written through a relation.
 */
const REFERENCES: Readonly<Record<string, string>> = {
  booking_id: 'bookings',
  linked_booking_id: 'bookings',
  customer_id: 'customers',
  passenger_id: 'passengers',
  flight_id: 'flights',
  pilot_id: 'pilots',
  teammates: 'teammates',
  user_id: 'users',
  decided_by_user_id: 'users',
  location_id: 'locations',
  prestation_id: 'prestations',
  balloon_id: 'balloons',
  booking_origin_id: 'booking_origins',
  business_provider_id: 'business_providers',
  payment_method_id: 'payment_methods',
  passenger_type_id: 'passenger_types',
  flight_type_id: 'flight_types',
  customer_type_id: 'customer_types',
  flight_schedules: 'flight_schedules',
  role_id: 'roles',
  ticket_template_id: 'ticket_templates',
};

/** A settings entry's fields are setting keys, not columns: none of them is a reference. */
const referenceTable = (resource: string, field: string): string | undefined =>
  resource === 'settings' ? undefined : REFERENCES[field];

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,15}$/.test(value) ? +value : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Wanted names: table → ids. */
class Wanted {
  readonly ids = new Map<string, Set<number>>();
  add(table: string, value: unknown): void {
    for (const item of Array.isArray(value) ? value : [value]) {
      const id = idOf(item);
      if (id === null) continue;
      const set = this.ids.get(table) ?? new Set<number>();
      this.ids.set(table, set.add(id));
    }
  }
}

/** Ids read at a time: far below either engine's limit of bound values. */
const IDS_PER_STATEMENT = 5000;

/** The names of the records still there: one statement per table (per 5,000 ids). */
async function readNames(db: Kysely<any>, wanted: Wanted): Promise<Map<string, Map<number, string | null>>> {
  const names = new Map<string, Map<number, string | null>>();
  for (const [table, set] of wanted.ids) {
    const namer = NAMERS[table];
    if (!namer) continue;
    const found = new Map<number, string | null>();
    const ids = [...set].sort((a, b) => a - b);
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
      const rows = (await db
        .selectFrom(table)
        .select(['id', ...namer.columns])
        .where('id', 'in', ids.slice(start, start + IDS_PER_STATEMENT))
        .execute()) as Row[];
      for (const row of rows) found.set(Number(row.id), namer.name(row));
    }
    names.set(table, found);
  }
  return names;
}

type Changes = Record<string, [unknown, unknown]>;
/** Names of the records a field pointed to, in the shape of its values: a name, null, or a list of them. */
type Names = string | null | (string | null)[];
export type StoredLabels = { record_label: string | null; labels: string | null };

const parse = <T>(text: unknown): T | null => {
  if (typeof text !== 'string' || !text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

/** The record's columns as the entry gives them: created → new values, deleted → old ones, updated → the new. */
function rowOfChanges(action: string, changes: Changes): Row {
  const row: Row = {};
  for (const [field, pair] of Object.entries(changes)) row[field] = action === 'delete' ? pair[0] : pair[1];
  return row;
}

/** A name from `row` when it holds every column the name takes, else undefined (read it from the table). */
function nameFromRow(namer: Namer, row: Row | undefined): string | null | undefined {
  if (!row || namer.columns.some((column) => row[column] === undefined)) return undefined;
  return namer.name(row);
}

/**
 * The names to write with each entry, read in the writer's transaction: its own record's (from the columns the
 * writer gives, else from its table; a deleted record from its entry's old values) and, for each changed
 * reference, those of the old and new records. Persons are left out (see above). One statement per table.
 */
export async function labelsToStore(
  trx: Kysely<any>,
  entries: readonly { resource: string; recordId: number; action: string; changes: Changes; row?: Row }[],
): Promise<StoredLabels[]> {
  const stored = (table: string | undefined): table is string =>
    !!table && !!NAMERS[table] && !NAMERS[table].isPersonal;
  const wanted = new Wanted();
  const own = entries.map((entry) => {
    const table = RECORD_TABLES[entry.resource];
    if (!stored(table)) return null;
    const namer = NAMERS[table]!;
    const name = nameFromRow(namer, entry.row) ?? nameFromRow(namer, rowOfChanges(entry.action, entry.changes));
    if (name === undefined) wanted.add(table, entry.recordId);
    return name;
  });
  for (const entry of entries) {
    for (const [field, pair] of Object.entries(entry.changes)) {
      const table = referenceTable(entry.resource, field);
      if (stored(table)) for (const value of pair) wanted.add(table, value);
    }
  }
  const names = wanted.ids.size ? await readNames(trx, wanted) : new Map<string, Map<number, string | null>>();
  const nameOf = (table: string, value: unknown): Names => {
    if (Array.isArray(value)) return value.map((item) => nameOf(table, item) as string | null);
    const id = idOf(value);
    return id === null ? null : (names.get(table)?.get(id) ?? null);
  };
  return entries.map((entry, index) => {
    const table = RECORD_TABLES[entry.resource];
    const ownName = own[index];
    const recordLabel = ownName === undefined ? nameOf(table!, entry.recordId) : ownName;
    const labels: Record<string, [Names, Names]> = {};
    for (const [field, [old, next]] of Object.entries(entry.changes)) {
      const target = referenceTable(entry.resource, field);
      if (stored(target)) labels[field] = [nameOf(target, old), nameOf(target, next)];
    }
    return {
      record_label: typeof recordLabel === 'string' ? recordLabel : null,
      labels: Object.keys(labels).length ? JSON.stringify(labels) : null,
    };
  });
}

/**
 * Names the entries of a page (a list page, a booking's or flight's history, a chunk of the CSV export): each
 * row's `record_label` and `labels` become the names of today, for the records still there, else those written
 * with the entry, else 'n° 12 (supprimé)'. `labels` is answered as JSON text `{field: [old, new]}` beside
 * `changes`, for the referenced fields only. One statement per table named, whatever the number of rows.
 */
export async function nameHistoryRows(db: Kysely<any>, rows: Row[]): Promise<void> {
  const wanted = new Wanted();
  const parsed = rows.map((row) => {
    const resource = String(row.resource);
    const changes = parse<Changes>(row.changes) ?? {};
    const table = RECORD_TABLES[resource];
    if (table) wanted.add(table, row.record_id);
    for (const [field, pair] of Object.entries(changes)) {
      const target = referenceTable(resource, field);
      if (target && Array.isArray(pair)) for (const value of pair) wanted.add(target, value);
    }
    return { resource, changes, table, stored: parse<Record<string, [Names, Names]>>(row.labels) ?? {} };
  });
  const names = wanted.ids.size ? await readNames(db, wanted) : new Map<string, Map<number, string | null>>();
  const nameOf = (table: string, value: unknown, written: unknown): Names => {
    if (Array.isArray(value))
      return value.map((item, i) => nameOf(table, item, Array.isArray(written) ? written[i] : null) as string | null);
    const id = idOf(value);
    if (id === null) return null;
    const live = names.get(table);
    if (live?.has(id)) return live.get(id) ?? `n° ${id}`;
    return bounded(written) ?? historyDeletedLabel(id);
  };
  rows.forEach((row, index) => {
    const { resource, changes, table, stored } = parsed[index]!;
    row.record_label = table ? nameOf(table, row.record_id, row.record_label) : null;
    const labels: Record<string, [Names, Names]> = {};
    for (const [field, pair] of Object.entries(changes)) {
      const target = referenceTable(resource, field);
      if (!target || !Array.isArray(pair)) continue;
      const written = stored[field];
      labels[field] = [nameOf(target, pair[0], written?.[0]), nameOf(target, pair[1], written?.[1])];
    }
    row.labels = JSON.stringify(labels);
  });
}
