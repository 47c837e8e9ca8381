// biome-ignore-all lint/suspicious/noExplicitAny: tables and columns come from declarations at run time
import { SPACE_ACTOR } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Auth } from '../core/context.js';
import type { DB } from '../db/schema.js';
import { labelsToStore } from './history-labels.js';
import type { Row } from './types.js';

/** Who wrote an automatic extension, in the booking's history, its page and the attestation. */
export const AUTOMATIC_AUTHOR = 'Automatique';

// The write history (issue 12, part 5): every write through the API leaves one row per record written, inserted
// by the writing transaction itself, so a write and its history commit or roll back together. Writers call
// recordHistory: the generic engine (write.ts) for every declared resource, and the special routes and services
// (duplication, users, settings...) for what they write. docs/decisions.md states the rules below.

export type HistoryAction = 'create' | 'update' | 'delete';
/** `{field: [old, new]}`: old is null on a create, new is null on a delete. */
export type HistoryChanges = Record<string, [unknown, unknown]>;

export type HistoryEntry = {
  resource: string;
  recordId: number;
  action: HistoryAction;
  changes: HistoryChanges;
  /** The booking / flight whose page shows this entry (ownersOf gives them for a row). */
  bookingId?: number | null;
  flightId?: number | null;
  /** The record's columns as written (its name is taken from them rather than read again: history-labels.ts). */
  row?: Row;
};

/** A secret's value is never written: the entry says the field changed, with this in place of both values. */
export const SECRET_MARKER = '(secret)';
/** What replaces a person's values once the passenger or customer is deleted. */
export const ERASED_MARKER = '(effacé)';

/** Columns whose values never reach the history (password hashes, tokens, keys, the shop secret). */
const SECRET_COLUMN = /(^|_)(password|hash|token|secret)(_|$)|_key$/;
export const isSecretField = (field: string) => SECRET_COLUMN.test(field);

/** Timestamps the database keeps by itself: not a change anyone made. */
// booking_is_open: the database's copy of the booking's status on its passengers (migration 0024), not a write.
const IGNORED = new Set(['id', 'created_at', 'updated_at', 'booking_is_open']);

/**
 * Personal data of a person: once the record is deleted, its earlier history keeps no clear value of
 * these (scrubPersonalHistory). Company names, SIRET and VAT numbers are not a person's data and stay.
 */
export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  passengers: ['first_name', 'last_name', 'email', 'phone', 'department', 'age', 'weight'],
  customers: ['first_name', 'last_name', 'email', 'phone', 'address', 'additional_address', 'zip_code', 'town'],
};

/** A customer writing through their booking's space (issue 28): nobody signed in, named so in the history. */
export const CUSTOMER_SPACE = { kind: 'customer-space' } as const;
export type HistoryAuthor = Auth | typeof CUSTOMER_SPACE | null | undefined;

/** Who wrote: a signed-in user, an API client, a customer in their space, or nobody (a public form, a job). */
export function actorOf(auth: HistoryAuthor): {
  user_id: number | null;
  api_client_id: number | null;
  actor: string;
} {
  if (auth?.kind === 'user') {
    const { user } = auth;
    const name = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
    return { user_id: user.id, api_client_id: null, actor: (name || user.email).slice(0, 255) };
  }
  if (auth?.kind === 'api-client') {
    return { user_id: null, api_client_id: auth.clientId, actor: `Clé API : ${auth.name}`.slice(0, 255) };
  }
  if (auth?.kind === 'customer-space') return { user_id: null, api_client_id: null, actor: SPACE_ACTOR };
  return { user_id: null, api_client_id: null, actor: 'Système' };
}

/** Values compared as the database answers them: 1 and '1', 80.5 and '80.5' are the same value. */
function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined;
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

const stored = (field: string, value: unknown) =>
  value === undefined ? null : isSecretField(field) ? SECRET_MARKER : value;

/** The changed fields between two states of a row (null `before`: a create; null `after`: a delete). */
export function diffRow(before: Row | null, after: Row | null): HistoryChanges {
  const changes: HistoryChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const old = before?.[key] ?? null;
    const next = after === null ? null : key in after ? after[key] : old;
    if (sameValue(old, next)) continue;
    changes[key] = [stored(key, old), stored(key, next)];
  }
  return changes;
}

/**
 * The booking and flight a row belongs to, read from its own columns (booking_id, flight_id), itself for bookings
 * and flights, and through the passenger for a registration (a passenger's flights show on its booking's page).
 */
export async function ownersOf(
  trx: Kysely<any>,
  resource: string,
  id: number,
  row: Row,
): Promise<{ bookingId: number | null; flightId: number | null }> {
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  let bookingId = resource === 'bookings' ? id : num(row.booking_id);
  const flightId = resource === 'flights' ? id : num(row.flight_id);
  if (resource === 'registrations' && row.passenger_id != null) {
    const passenger = await trx
      .selectFrom('passengers')
      .select('booking_id')
      .where('id', '=', row.passenger_id)
      .executeTakeFirst();
    bookingId = num(passenger?.booking_id);
  }
  return { bookingId, flightId };
}

/**
 * Inserts the entries (one statement) in the writer's transaction; entries without any change are skipped. Each
 * keeps the names of its record and of the records it points to (history-labels.ts: one read per table named).
 */
export async function recordHistory(
  trx: Kysely<DB> | Transaction<DB>,
  auth: HistoryAuthor,
  entries: HistoryEntry[],
): Promise<void> {
  const kept = entries.filter((e) => e.action !== 'update' || Object.keys(e.changes).length > 0);
  if (kept.length === 0) return;
  const who = actorOf(auth);
  const now = new Date().toISOString();
  const labels = await labelsToStore(trx as Kysely<any>, kept);
  await trx
    .insertInto('history_entries')
    .values(
      kept.map((e, index) => ({
        ...labels[index],
        ...who,
        created_at: now,
        resource: e.resource,
        record_id: e.recordId,
        action: e.action,
        changes: JSON.stringify(e.changes),
        booking_id: e.bookingId ?? null,
        flight_id: e.flightId ?? null,
      })),
    )
    .execute();
}

/** Replaces a person's values by ERASED_MARKER in a change set (the delete's own entry, earlier entries). */
function erase(changes: HistoryChanges, fields: readonly string[]): HistoryChanges {
  const out: HistoryChanges = { ...changes };
  for (const field of fields) {
    const pair = out[field];
    if (!pair) continue;
    out[field] = [pair[0] === null ? null : ERASED_MARKER, pair[1] === null ? null : ERASED_MARKER];
  }
  return out;
}

export function erasePersonal(resource: string, changes: HistoryChanges): HistoryChanges {
  const fields = PERSONAL_FIELDS[resource];
  return fields ? erase(changes, fields) : changes;
}

/**
 * Deleting a passenger or customer: its earlier history rows lose the clear values of its personal fields, in the
 * deleting transaction, before the row goes. Only that record's rows are read (index on resource, record_id).
 */
export async function scrubPersonalHistory(trx: Kysely<any>, resource: string, id: number): Promise<void> {
  const fields = PERSONAL_FIELDS[resource];
  if (!fields) return;
  await scrubEntries(trx, resource, [id], fields);
  // A weather postponement's manifest rows name the passenger too (services/postponement.ts): their entries follow.
  // Read before the passenger's row goes (the manifest's passenger_id is set null with it).
  if (resource === 'passengers') {
    const manifest = await trx.selectFrom('flight_postponements').select('id').where('passenger_id', '=', id).execute();
    const ids = (manifest as { id: number }[]).map((row) => row.id);
    if (ids.length) await scrubEntries(trx, 'flight-postponements', ids, ['full_name', 'weight']);
  }
}

async function scrubEntries(trx: Kysely<any>, resource: string, ids: number[], fields: readonly string[]) {
  const rows = await trx
    .selectFrom('history_entries')
    .select(['id', 'changes'])
    .where('resource', '=', resource)
    .where('record_id', 'in', ids)
    .execute();
  for (const row of rows as { id: number; changes: string }[]) {
    const before = row.changes;
    const after = JSON.stringify(erase(JSON.parse(before) as HistoryChanges, fields));
    if (after !== before) {
      await trx.updateTable('history_entries').set({ changes: after }).where('id', '=', row.id).execute();
    }
  }
}
