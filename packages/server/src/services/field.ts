import {
  addDays,
  FIELD_MESSAGES,
  FIELD_PASSENGER_FIELDS,
  FIELD_RECORD_FIELDS,
  type FieldBoarding,
  type FieldFlight,
  type FieldName,
  type FieldOperation,
  type FieldPassenger,
  type FieldSyncResult,
  type FieldValue,
  FLIGHT_STATUSES,
  sameFieldValue,
} from '@app/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { today as operatorToday } from '../core/clock.js';
import type { Auth } from '../core/context.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors.js';
import { lockRow } from '../db/row-lock.js';
import type { DB } from '../db/schema.js';
import { constraintViolation } from '../engine/db-errors.js';
import { diffRow, type HistoryEntry, recordHistory } from '../engine/history.js';
import { loadFlightMassInputs } from './flight-masses.js';
import { assertFlightNotSealed, assertPassengersNotSealed, isFlightSealed, SEALED_MESSAGE } from './flight-records.js';

// Issue 31, the launch field offline (/terrain), docs/decisions.md 'The launch field, offline'.
// - Who: administrators (su, admin) see every flight of today and tomorrow; anyone else the flights they crew, as
//   their pilot or a teammate, recognised by the e-mail of their account (pilots and teammates are records of their
//   own, not accounts; the e-mail is what both hold).
// - Sync: the device sends its queued writes in the order typed, one field each, with the value it saw before
//   (`base`). Each is applied in a transaction of its own, under the flight's row lock: the office may have
//   changed the same field meanwhile (current ≠ base and ≠ the value sent): that is a conflict, answered with the
//   office's value and never overwritten; the device asks its user which one wins. Its client id is kept with the
//   write, in the same transaction, so the same write sent again (its answer lost) is answered 'applied' without
//   being applied twice.
// - The server's rules stay: a canceled or postponed flight refuses everything, a realized one takes only its
//   record (times, temperature, places, remarks, incidents), as PUT /api/flights/{id} does.
// - Where: the weight on the passenger; times, ground temperature, landing place, remarks and incidents on the
//   flight itself (the logbook and sealed record of the flight file read them there); check-in and briefing in
//   field_boardings; the takeoff place, when it is not the planned site's, in field_reports.
// - Everything applied is written to the history in the author's name marked '(depuis le terrain)'.

type Trx = Transaction<DB>;

const REALIZED = FLIGHT_STATUSES.realized.id;
const CANCELED = FLIGHT_STATUSES.canceled.id;
const POSTPONED = FLIGHT_STATUSES.weatherPostponed.id;

const ADMIN_ROLES = new Set(['su', 'admin']);

type Crew = { isAdmin: true } | { isAdmin: false; pilotIds: number[]; teammateIds: number[] };

/** The flights the user may see and write from the field (see the header). */
async function crewOf(db: Kysely<DB>, auth: Auth | null): Promise<Crew> {
  if (auth?.kind !== 'user') throw new ForbiddenError();
  if (ADMIN_ROLES.has(auth.user.role.slug)) return { isAdmin: true };
  const email = auth.user.email.trim().toLowerCase();
  const [pilots, teammates] = await Promise.all([
    db.selectFrom('pilots').select('id').where(sql<string>`lower(email)`, '=', email).execute(),
    db.selectFrom('teammates').select('id').where(sql<string>`lower(email)`, '=', email).execute(),
  ]);
  return { isAdmin: false, pilotIds: pilots.map((p) => p.id), teammateIds: teammates.map((t) => t.id) };
}

async function isCrewOf(db: Kysely<DB>, crew: Crew, flightId: number, pilotId: number | null): Promise<boolean> {
  if (crew.isAdmin) return true;
  if (pilotId !== null && crew.pilotIds.includes(pilotId)) return true;
  if (crew.teammateIds.length === 0) return false;
  const row = await db
    .selectFrom('flight_teammates')
    .select('flight_id')
    .where('flight_id', '=', flightId)
    .where('teammate_id', 'in', crew.teammateIds)
    .executeTakeFirst();
  return row !== undefined;
}

/** Why the field may not write (some of) the flight; null when it may write everything. */
function lockOf(statusId: number): FieldFlight['lock'] {
  if (statusId === CANCELED) return { reason: FIELD_MESSAGES.canceled, fields: 'all' };
  if (statusId === POSTPONED) return { reason: FIELD_MESSAGES.postponed, fields: 'all' };
  if (statusId === REALIZED) return { reason: FIELD_MESSAGES.realizedBoarding, fields: 'boarding' };
  return null;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** The flights of the given ids, shaped for the field (everything it needs offline). */
async function loadFieldFlights(db: Kysely<DB>, ids: number[]): Promise<FieldFlight[]> {
  if (ids.length === 0) return [];
  const [flights, teammates, notes, reports, registrations, inputs] = await Promise.all([
    db
      .selectFrom('flights as f')
      .leftJoin('locations as l', 'l.id', 'f.location_id')
      .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
      .leftJoin('pilots as p', 'p.id', 'f.pilot_id')
      .select([
        'f.id',
        'f.scheduled_date',
        'f.scheduled_time',
        'f.flight_status_id',
        'f.takeoff_time',
        'f.landing_time',
        'f.takeoff_temperature',
        'f.landing_place',
        'f.remarks',
        'f.incidents',
        'l.label as location_label',
        'l.takeoff_altitude',
        'b.label as balloon_label',
        'b.registration_number',
        'b.passengers as balloon_passengers',
        'p.first_name as pilot_first_name',
        'p.last_name as pilot_last_name',
      ])
      .where('f.id', 'in', ids)
      .orderBy('f.scheduled_date')
      .orderBy('f.scheduled_time')
      .orderBy('f.id')
      .execute(),
    db
      .selectFrom('flight_teammates as ft')
      .innerJoin('teammates as t', 't.id', 'ft.teammate_id')
      .select(['ft.flight_id', 't.first_name', 't.last_name', 't.phone'])
      .where('ft.flight_id', 'in', ids)
      .orderBy('t.last_name')
      .execute(),
    db
      .selectFrom('flight_notes')
      .select(['flight_id', 'content'])
      .where('flight_id', 'in', ids)
      .where('is_pinned', '=', 1)
      .orderBy('id', 'desc')
      .execute(),
    db.selectFrom('field_reports').selectAll().where('flight_id', 'in', ids).execute(),
    db
      .selectFrom('registrations as r')
      .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
      .innerJoin('bookings as b', 'b.id', 'p.booking_id')
      .leftJoin('passenger_types as pt', 'pt.id', 'p.passenger_type_id')
      .leftJoin('field_boardings as fb', (join) =>
        join.onRef('fb.flight_id', '=', 'r.flight_id').onRef('fb.passenger_id', '=', 'r.passenger_id'),
      )
      .select([
        'r.flight_id',
        'p.id',
        'p.first_name',
        'p.last_name',
        'p.age',
        'p.weight',
        'p.phone',
        'p.booking_id',
        'b.number as booking_number',
        'pt.label as passenger_type',
        'fb.is_present',
        'fb.is_briefed',
      ])
      .where('r.flight_id', 'in', ids)
      .orderBy('b.number')
      .orderBy('p.last_name')
      .orderBy('p.id')
      .execute(),
    loadFlightMassInputs(db, ids),
  ]);
  // A day holds a handful of flights: the seal is asked flight by flight, as the flight file answers it.
  const sealed = new Set<number>();
  for (const f of flights) if (await isFlightSealed(db, f.id)) sealed.add(f.id);
  return flights.map((f) => {
    const input = inputs.get(f.id);
    const report = reports.find((r) => r.flight_id === f.id);
    const pinned = notes.find((n) => n.flight_id === f.id);
    const passengers: FieldPassenger[] = registrations
      .filter((r) => r.flight_id === f.id)
      .map((r) => ({
        id: r.id,
        full_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
        booking_id: r.booking_id,
        booking_number: r.booking_number,
        age: num(r.age),
        weight: num(r.weight),
        phone: r.phone,
        passenger_type: r.passenger_type ?? null,
        is_present: r.is_present === null || r.is_present === undefined ? null : Number(r.is_present) === 1 ? 1 : 0,
        is_briefed: Number(r.is_briefed ?? 0) === 1 ? 1 : 0,
      }));
    return {
      id: f.id,
      scheduled_date: String(f.scheduled_date),
      scheduled_time: String(f.scheduled_time),
      flight_status_id: f.flight_status_id,
      lock: sealed.has(f.id) ? { reason: SEALED_MESSAGE, fields: 'all' } : lockOf(f.flight_status_id),
      location: f.location_label ? { label: f.location_label, takeoff_altitude: num(f.takeoff_altitude) } : null,
      balloon: f.balloon_label
        ? {
            label: f.balloon_label,
            registration_number: f.registration_number ?? null,
            passengers: num(f.balloon_passengers),
          }
        : null,
      pilot:
        f.pilot_first_name || f.pilot_last_name
          ? { full_name: `${f.pilot_first_name ?? ''} ${f.pilot_last_name ?? ''}`.trim() }
          : null,
      teammates: teammates
        .filter((t) => t.flight_id === f.id)
        .map((t) => ({ full_name: `${t.first_name} ${t.last_name}`.trim(), phone: t.phone })),
      pinned_note: pinned?.content ?? null,
      inputs: {
        pilot_weight: num(input?.pilot_weight),
        pilot_bag_weight: num(input?.pilot_bag_weight),
        has_balloon: input?.has_balloon ?? false,
        empty_mass: num(input?.empty_mass),
        gas_mass: num(input?.gas_mass),
        volume: num(input?.volume),
        envelope_temperature: num(input?.envelope_temperature),
        takeoff_max_mass: num(input?.takeoff_max_mass),
        flight_max_altitude: num(input?.flight_max_altitude),
        takeoff_altitude: num(input?.takeoff_altitude),
        passenger_allowance: input
          ? Math.round((input.allowance_clothing + input.allowance_baggage + input.passenger_supplement) * 100) / 100
          : 0,
      },
      report: {
        takeoff_time: f.takeoff_time,
        landing_time: f.landing_time,
        takeoff_temperature: num(f.takeoff_temperature),
        takeoff_place: report?.takeoff_place ?? null,
        landing_place: f.landing_place,
        remarks: f.remarks,
        incidents: f.incidents,
      },
      passengers,
    };
  });
}

/** GET /api/field/flights: the user's flights of today and tomorrow (the operator's local days). */
export async function listFieldFlights(
  db: Kysely<DB>,
  auth: Auth | null,
  today = operatorToday(),
): Promise<FieldFlight[]> {
  const crew = await crewOf(db, auth);
  let query = db
    .selectFrom('flights as f')
    .select('f.id')
    .where('f.scheduled_date', 'in', [today, addDays(today, 1)]);
  if (!crew.isAdmin) {
    const { pilotIds, teammateIds } = crew;
    if (pilotIds.length === 0 && teammateIds.length === 0) return [];
    query = query.where((eb) =>
      eb.or([
        ...(pilotIds.length ? [eb('f.pilot_id', 'in', pilotIds)] : []),
        ...(teammateIds.length
          ? [
              eb.exists(
                eb
                  .selectFrom('flight_teammates as ft')
                  .select('ft.flight_id')
                  .whereRef('ft.flight_id', '=', 'f.id')
                  .where('ft.teammate_id', 'in', teammateIds),
              ),
            ]
          : []),
      ]),
    );
  }
  const rows = await query.limit(200).execute();
  return loadFieldFlights(
    db,
    rows.map((r) => r.id),
  );
}

/** GET /api/field/flights/{id}: one flight, for its crew (403 otherwise) whatever its day. */
export async function getFieldFlight(db: Kysely<DB>, auth: Auth | null, flightId: number): Promise<FieldFlight> {
  const crew = await crewOf(db, auth);
  const flight = await db
    .selectFrom('flights')
    .select(['id', 'pilot_id'])
    .where('id', '=', flightId)
    .executeTakeFirst();
  if (!flight) throw new NotFoundError('Vol introuvable.');
  if (!(await isCrewOf(db, crew, flight.id, flight.pilot_id))) throw new ForbiddenError(FIELD_MESSAGES.notOwn);
  const [shaped] = await loadFieldFlights(db, [flightId]);
  if (!shaped) throw new NotFoundError('Vol introuvable.');
  return shaped;
}

/** GET /api/flights/{id}/field-boarding's answer (the domain's flights contract). */
export type FieldBoardingRecord = FieldBoarding;

/**
 * GET /api/flights/{id}/field-boarding: what the field recorded of the boarding, for the office's flight page (every
 * signed-in user, as the flight page): each registered passenger's check-in and briefing, the takeoff place.
 */
export async function getFieldBoarding(db: Kysely<DB>, flightId: number): Promise<FieldBoardingRecord> {
  const flight = await db.selectFrom('flights').select('id').where('id', '=', flightId).executeTakeFirst();
  if (!flight) throw new NotFoundError('Vol introuvable.');
  const [rows, report] = await Promise.all([
    db
      .selectFrom('registrations as r')
      .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
      .leftJoin('field_boardings as fb', (join) =>
        join.onRef('fb.flight_id', '=', 'r.flight_id').onRef('fb.passenger_id', '=', 'r.passenger_id'),
      )
      .select(['p.id', 'p.first_name', 'p.last_name', 'fb.is_present', 'fb.is_briefed'])
      .where('r.flight_id', '=', flightId)
      .orderBy('p.last_name')
      .orderBy('p.first_name')
      .orderBy('p.id')
      .execute(),
    db.selectFrom('field_reports').select('takeoff_place').where('flight_id', '=', flightId).executeTakeFirst(),
  ]);
  return {
    takeoff_place: report?.takeoff_place ?? null,
    passengers: rows.map((r) => ({
      passenger_id: r.id,
      full_name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
      is_present: r.is_present === null || r.is_present === undefined ? null : Number(r.is_present) === 1 ? 1 : 0,
      is_briefed: Number(r.is_briefed ?? 0) === 1 ? 1 : 0,
    })),
  };
}

/**
 * The author of the field's history entries: the user, named '… (depuis le terrain)' so every history screen, its
 * CSV and its search tell the field's writes from the office's.
 */
function fieldAuthor(auth: Auth): Auth {
  if (auth.kind !== 'user') return auth;
  return { ...auth, user: { ...auth.user, last_name: `${auth.user.last_name} (depuis le terrain)`.trim() } };
}

class Refusal extends Error {}

/** The seal's 409 as the write's refusal, with its reason: the other writes of the queue still go on. */
async function refusedWhenSealed(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof ConflictError) throw new Refusal(error.message);
    throw error;
  }
}

type Current = { value: FieldValue; write: (value: FieldValue) => Promise<HistoryEntry[]> };

/** The field's value now and how to write it, inside the operation's transaction. */
async function currentOf(trx: Trx, op: FieldOperation, userId: number | null): Promise<Current> {
  const now = new Date().toISOString();
  const flightId = op.flight_id;
  if (op.field === 'weight' || op.field === 'is_present' || op.field === 'is_briefed') {
    const passengerId = op.passenger_id as number;
    const registered = await trx
      .selectFrom('registrations as r')
      .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
      .leftJoin('field_boardings as fb', (join) =>
        join.onRef('fb.flight_id', '=', 'r.flight_id').onRef('fb.passenger_id', '=', 'r.passenger_id'),
      )
      .select(['p.booking_id', 'p.weight', 'fb.id as boarding_id', 'fb.is_present', 'fb.is_briefed'])
      .where('r.flight_id', '=', flightId)
      .where('r.passenger_id', '=', passengerId)
      .executeTakeFirst();
    if (!registered) throw new Refusal(FIELD_MESSAGES.notRegistered);
    if (op.field === 'weight') {
      return {
        value: num(registered.weight),
        write: async (value) => {
          await trx
            .updateTable('passengers')
            .set({ weight: value as number | null, updated_at: now })
            .where('id', '=', passengerId)
            .execute();
          return [
            {
              resource: 'passengers',
              recordId: passengerId,
              action: 'update',
              changes: diffRow({ weight: registered.weight }, { weight: value }),
              bookingId: registered.booking_id,
              flightId,
            },
          ];
        },
      };
    }
    const field = op.field;
    const before =
      field === 'is_present'
        ? registered.is_present === null || registered.is_present === undefined
          ? null
          : Number(registered.is_present)
        : Number(registered.is_briefed ?? 0);
    return {
      value: before,
      write: async (value) => {
        const boardingId = registered.boarding_id;
        if (boardingId === null || boardingId === undefined) {
          const row = await trx
            .insertInto('field_boardings')
            .values({
              flight_id: flightId,
              passenger_id: passengerId,
              [field]: value,
              updated_at: now,
              user_id: userId,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          return [
            {
              resource: 'field-boardings',
              recordId: row.id,
              action: 'create',
              changes: diffRow(null, { passenger_id: passengerId, [field]: value }),
              bookingId: registered.booking_id,
              flightId,
            },
          ];
        }
        await trx
          .updateTable('field_boardings')
          .set({ [field]: value, updated_at: now, user_id: userId })
          .where('id', '=', boardingId)
          .execute();
        return [
          {
            resource: 'field-boardings',
            recordId: boardingId,
            action: 'update',
            // The passenger is named by the boarding's creation entry; an update says only what changed.
            changes: diffRow({ [field]: before }, { [field]: value }),
            bookingId: registered.booking_id,
            flightId,
          },
        ];
      },
    };
  }
  if (op.field !== 'takeoff_place') {
    const field = op.field;
    const flight = await trx.selectFrom('flights').select([field]).where('id', '=', flightId).executeTakeFirstOrThrow();
    const before = (flight as Record<string, FieldValue>)[field] ?? null;
    return {
      value: field === 'takeoff_temperature' ? num(before) : before,
      write: async (value) => {
        await trx
          .updateTable('flights')
          .set({ [field]: value, updated_at: now })
          .where('id', '=', flightId)
          .execute();
        return [
          {
            resource: 'flights',
            recordId: flightId,
            action: 'update',
            changes: diffRow({ [field]: before }, { [field]: value }),
            flightId,
          },
        ];
      },
    };
  }
  const field = op.field;
  const report = await trx.selectFrom('field_reports').selectAll().where('flight_id', '=', flightId).executeTakeFirst();
  const before = report ? report[field] : null;
  return {
    value: before,
    write: async (value) => {
      if (!report) {
        const row = await trx
          .insertInto('field_reports')
          .values({ flight_id: flightId, [field]: value as string | null, updated_at: now, user_id: userId })
          .returningAll()
          .executeTakeFirstOrThrow();
        return [
          {
            resource: 'field-reports',
            recordId: row.id,
            action: 'create',
            changes: diffRow(null, { [field]: value }),
            flightId,
          },
        ];
      }
      await trx
        .updateTable('field_reports')
        .set({ [field]: value as string | null, updated_at: now, user_id: userId })
        .where('id', '=', report.id)
        .execute();
      return [
        {
          resource: 'field-reports',
          recordId: report.id,
          action: 'update',
          changes: diffRow({ [field]: before }, { [field]: value }),
          flightId,
        },
      ];
    },
  };
}

const isPassengerField = (field: FieldName) => (FIELD_PASSENGER_FIELDS as readonly string[]).includes(field);

/** Applies one operation in its own transaction (see the header). */
async function applyOperation(db: Kysely<DB>, auth: Auth, crew: Crew, op: FieldOperation): Promise<FieldSyncResult> {
  const userId = auth.kind === 'user' ? auth.user.id : null;
  try {
    return await db.transaction().execute(async (trx) => {
      const done = await trx
        .selectFrom('field_sync_operations')
        .select('id')
        .where('client_id', '=', op.id)
        .executeTakeFirst();
      if (done) return { id: op.id, status: 'applied', duplicate: true } satisfies FieldSyncResult;
      // The flight's row lock: two devices (or the office) writing the same flight take turns.
      await lockRow(trx, 'flights', op.flight_id);
      const flight = await trx
        .selectFrom('flights')
        .select(['id', 'pilot_id', 'flight_status_id'])
        .where('id', '=', op.flight_id)
        .executeTakeFirst();
      if (!flight) throw new Refusal(FIELD_MESSAGES.notFound);
      if (!(await isCrewOf(trx, crew, flight.id, flight.pilot_id))) throw new Refusal(FIELD_MESSAGES.notOwn);
      const lock = lockOf(flight.flight_status_id);
      if (lock && (lock.fields === 'all' || !FIELD_RECORD_FIELDS.includes(op.field))) throw new Refusal(lock.reason);
      if (isPassengerField(op.field) && !op.passenger_id) throw new Refusal(FIELD_MESSAGES.passengerMissing);
      // The flight file's seal (issue 30): a closed record refuses the field as it refuses the office.
      await refusedWhenSealed(() => assertFlightNotSealed(trx, op.flight_id));
      // A passenger's weight is a mass of every flight they are on: a sealed one keeps it.
      if (op.field === 'weight')
        await refusedWhenSealed(() => assertPassengersNotSealed(trx, [op.passenger_id as number]));
      const current = await currentOf(trx, op, userId);
      if (!sameFieldValue(op.field, current.value, op.value)) {
        if (!sameFieldValue(op.field, current.value, op.base)) {
          return { id: op.id, status: 'conflict', reason: FIELD_MESSAGES.conflict, current: current.value };
        }
        const entries = await current.write(op.value);
        await recordHistory(trx, fieldAuthor(auth), entries);
      }
      await trx
        .insertInto('field_sync_operations')
        .values({ client_id: op.id, user_id: userId, flight_id: op.flight_id, field: op.field })
        .execute();
      return { id: op.id, status: 'applied', current: op.value } satisfies FieldSyncResult;
    });
  } catch (error) {
    if (error instanceof Refusal) return { id: op.id, status: 'refused', reason: error.message };
    // The same write sent twice at once (a retry racing its first send): the other one applied it.
    const violation = constraintViolation(error);
    if (violation?.kind === 'unique' && violation.columns.includes('client_id'))
      return { id: op.id, status: 'applied', duplicate: true };
    throw error;
  }
}

/** POST /api/field/sync: the device's queued writes, applied in the order sent; one result per write. */
export async function syncField(
  db: Kysely<DB>,
  auth: Auth | null,
  operations: readonly FieldOperation[],
): Promise<FieldSyncResult[]> {
  const crew = await crewOf(db, auth);
  const results: FieldSyncResult[] = [];
  for (const op of operations) results.push(await applyOperation(db, auth as Auth, crew, op));
  return results;
}
