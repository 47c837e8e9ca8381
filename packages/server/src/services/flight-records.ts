import { createHash } from 'node:crypto';
import { FLIGHT_STATUSES, type FlightRecordSummary, RECORD_REQUIRED_FIELDS } from '@app/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Auth } from '../core/context.js';
import { ConflictError, NotFoundError } from '../core/errors.js';
import { lockRow } from '../db/row-lock.js';
import type { DB } from '../db/schema.js';
import { flightPlanPdf } from '../pdf/lazy.js';
import { loadLogbookEntries } from './logbooks.js';

// The sealed flight record (issue 30, BOP.ADD.205: records protected from change). Once 'Clôturer le dossier de
// vol' has stored a flight's record, nothing of that flight, its registrations or its masses may change until a
// correction is opened with a reason; the correction is sealed again as the record's next version.

export const SEALED_MESSAGE =
  'Le dossier de ce vol est clôturé : le vol, ses inscriptions et ses masses ne peuvent plus être modifiés. Ouvrez une correction (avec son motif) pour le modifier.';

/** Whether the flight has a sealed record and no correction open. */
export async function isFlightSealed(db: Kysely<DB>, flightId: number): Promise<boolean> {
  const row = await db
    .selectFrom('flights as f')
    .select([
      'f.correction_reason',
      (eb) =>
        eb
          .selectFrom('flight_records as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.flight_id', '=', 'f.id')
          .as('records'),
    ])
    .where('f.id', '=', flightId)
    .executeTakeFirst();
  return !!row && Number(row.records ?? 0) > 0 && row.correction_reason === null;
}

/**
 * Refuses (409, in French) any write on a sealed flight, its registrations or its masses. Every write path on a
 * flight calls it inside its transaction (a Transaction is a Kysely), after taking the flight's lock when it has one.
 */
export async function assertFlightNotSealed(db: Kysely<DB>, flightId: number): Promise<void> {
  if (await isFlightSealed(db, flightId)) throw new ConflictError(SEALED_MESSAGE);
}

/** Refuses a write on passengers (their weights are masses) registered on a sealed flight. */
export async function assertPassengersNotSealed(db: Kysely<DB>, passengerIds: readonly number[]): Promise<void> {
  if (passengerIds.length === 0) return;
  const sealed = await db
    .selectFrom('registrations as g')
    .innerJoin('flights as f', 'f.id', 'g.flight_id')
    .select('g.flight_id')
    .where('g.passenger_id', 'in', [...passengerIds])
    .where('f.correction_reason', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('flight_records as r').select('r.id').whereRef('r.flight_id', '=', 'f.id')))
    .executeTakeFirst();
  if (sealed) throw new ConflictError(SEALED_MESSAGE);
}

// ---- Sealing, versions, corrections ----------------------------------------------------------------------------

/** A flight not realized, or realized with after-flight fields missing: 409 naming them. */
export class RecordIncompleteError extends ConflictError {
  constructor(
    readonly missing: string[],
    message: string,
  ) {
    super(message);
  }
}

export const RECORD_MESSAGES = {
  notRealized: 'Le dossier ne peut être clôturé que pour un vol réalisé.',
  incomplete: (labels: string[]) => `Le dossier ne peut pas être clôturé : il manque ${labels.join(', ')}.`,
  alreadySealed: (version: number) =>
    `Le dossier de ce vol est déjà clôturé (version ${version}) : ouvrez une correction avec son motif pour le modifier.`,
  notSealed: "Ce vol n'a pas de dossier clôturé : il n'y a rien à corriger.",
  correctionOpen: 'Une correction est déjà ouverte sur ce vol.',
  reasonRequired: 'Le motif de la correction est obligatoire.',
} as const;

/** Takes the flight's row lock (db/row-lock.ts): one seal at a time per flight. */
async function lockFlightForRecord(trx: Transaction<DB>, flightId: number) {
  await lockRow(trx, 'flights', flightId);
  const flight = await trx.selectFrom('flights').selectAll().where('id', '=', flightId).executeTakeFirst();
  if (!flight) throw new NotFoundError('Vol introuvable.');
  return flight;
}

/** The fields a record needs that the flight lacks (field names; `RECORD_REQUIRED_FIELDS` gives their French names). */
export function missingRecordFields(flight: Record<string, unknown>): (keyof typeof RECORD_REQUIRED_FIELDS)[] {
  return (Object.keys(RECORD_REQUIRED_FIELDS) as (keyof typeof RECORD_REQUIRED_FIELDS)[]).filter((key) => {
    const value = flight[key];
    return value === null || value === undefined || value === '';
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * 'Clôturer le dossier de vol': stores the plan PDF (with the logbook entry's page) as rendered now, its SHA-256
 * and the logbook entry, as version 1, or as the next version when a correction is open (the correction's reason,
 * linked to the previous version, which stays as it was). 409 while the flight is not realized or incomplete.
 */
export async function sealFlightRecord(
  db: Kysely<DB>,
  flightId: number,
  auth: Auth | null,
): Promise<{ id: number; version: number; sha256: string; created_at: string }> {
  return db.transaction().execute(async (trx) => {
    const flight = await lockFlightForRecord(trx, flightId);
    const previous = await trx
      .selectFrom('flight_records')
      .select(['id', 'version'])
      .where('flight_id', '=', flightId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (previous && flight.correction_reason === null) {
      throw new ConflictError(RECORD_MESSAGES.alreadySealed(previous.version));
    }
    const missing: string[] = [];
    if (flight.flight_status_id !== FLIGHT_STATUSES.realized.id) missing.push('flight_status_id');
    missing.push(...missingRecordFields(flight));
    if (missing.length) {
      const labels = missing.map((key) =>
        key === 'flight_status_id'
          ? 'le statut « Réalisé »'
          : RECORD_REQUIRED_FIELDS[key as keyof typeof RECORD_REQUIRED_FIELDS],
      );
      throw new RecordIncompleteError(
        missing,
        flight.flight_status_id !== FLIGHT_STATUSES.realized.id && missing.length === 1
          ? RECORD_MESSAGES.notRealized
          : RECORD_MESSAGES.incomplete(labels),
      );
    }
    const version = (previous?.version ?? 0) + 1;
    const createdAt = new Date().toISOString();
    const [entry] = await loadLogbookEntries(trx, { flightId });
    const { renderFlightPlanPdf } = await flightPlanPdf();
    const pdf = await renderFlightPlanPdf(trx, flightId, {
      version,
      reason: flight.correction_reason,
      sealedAt: createdAt,
      entry: entry ?? null,
    });
    if (!pdf) throw new NotFoundError('Vol introuvable.');
    const bytes = new Uint8Array(pdf);
    const hash = sha256(bytes);
    const row = await trx
      .insertInto('flight_records')
      .values({
        flight_id: flightId,
        version,
        previous_record_id: previous?.id ?? null,
        reason: flight.correction_reason,
        sha256: hash,
        pdf: bytes,
        entry: JSON.stringify(entry ?? null),
        created_at: createdAt,
        user_id: auth?.kind === 'user' ? auth.user.id : null,
      })
      .returning(['id', 'version', 'sha256', 'created_at'])
      .executeTakeFirstOrThrow();
    if (flight.correction_reason !== null) {
      await trx.updateTable('flights').set({ correction_reason: null }).where('id', '=', flightId).execute();
    }
    return { id: row.id, version: row.version, sha256: row.sha256, created_at: row.created_at };
  });
}

/** Opens a correction on a sealed flight: the flight can change again until it is sealed as the next version. */
export async function openRecordCorrection(db: Kysely<DB>, flightId: number, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const flight = await lockFlightForRecord(trx, flightId);
    if (flight.correction_reason !== null) throw new ConflictError(RECORD_MESSAGES.correctionOpen);
    const record = await trx
      .selectFrom('flight_records')
      .select('id')
      .where('flight_id', '=', flightId)
      .executeTakeFirst();
    if (!record) throw new ConflictError(RECORD_MESSAGES.notSealed);
    await trx.updateTable('flights').set({ correction_reason: reason }).where('id', '=', flightId).execute();
  });
}

export async function listFlightRecords(
  db: Kysely<DB>,
  flightId: number,
): Promise<{ sealed: boolean; correction_reason: string | null; records: FlightRecordSummary[] }> {
  const flight = await db
    .selectFrom('flights')
    .select(['id', 'correction_reason'])
    .where('id', '=', flightId)
    .executeTakeFirst();
  if (!flight) throw new NotFoundError('Vol introuvable.');
  const rows = await db
    .selectFrom('flight_records as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.flight_id',
      'r.version',
      'r.previous_record_id',
      'r.reason',
      'r.sha256',
      'r.created_at',
      'r.user_id',
      'u.first_name',
      'u.last_name',
    ])
    .where('r.flight_id', '=', flightId)
    .orderBy('r.version', 'desc')
    .execute();
  return {
    sealed: rows.length > 0 && flight.correction_reason === null,
    correction_reason: flight.correction_reason,
    records: rows.map(({ first_name, last_name, ...r }) => ({
      ...r,
      user_name: [first_name, last_name].filter(Boolean).join(' ') || null,
    })),
  };
}

/** The stored bytes of one version, exactly as sealed. */
export async function flightRecordPdf(
  db: Kysely<DB>,
  flightId: number,
  recordId: number,
): Promise<{ pdf: Buffer; version: number; sha256: string; date: string }> {
  const row = await db
    .selectFrom('flight_records as r')
    .innerJoin('flights as f', 'f.id', 'r.flight_id')
    .select(['r.pdf', 'r.version', 'r.sha256', 'f.scheduled_date'])
    .where('r.id', '=', recordId)
    .where('r.flight_id', '=', flightId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Dossier de vol introuvable.');
  return { pdf: Buffer.from(row.pdf), version: row.version, sha256: row.sha256, date: row.scheduled_date };
}
