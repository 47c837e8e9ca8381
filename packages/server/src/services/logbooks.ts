import type {
  BalloonInspection,
  BalloonInspectionCreate,
  BalloonInspectionKind,
  LogbookEntry,
  LogbookTotals,
  PilotLogbook,
  TechnicalLog,
  TechnicalLogRow,
} from '@app/domain';
import {
  addMonths,
  BALLOON_INSPECTION_KINDS,
  balloonInspectionSchema,
  FLIGHT_STATUSES,
  flightMinutes,
  formatMinutes,
  frenchDate,
  isCalendarDate,
} from '@app/domain';
import type { Kysely } from 'kysely';
import { csvLine } from '../core/csv-line.js';
import { NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { balloonHoursBefore, loadFlightFileRules } from './flight-compliance.js';

// The logbooks of the flight file (issue 30, BOP.BAS.065): a pilot's realized flights (GET /api/pilots/{id}/logbook)
// and a balloon's technical log (GET /api/balloons/{id}/technical-log): date, registration, crew, departure and
// arrival place and time, flight time, kind of operation, passengers, remarks, incidents, with totals.

const REALIZED = FLIGHT_STATUSES.realized.id;
/** A logbook answers at most this many flights (decades of a busy pilot); narrower with from/to. */
export const MAX_LOGBOOK_ROWS = 5000;

const name = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ');

/** from/to of the query: optional calendar dates, from ≤ to (422 in French otherwise). */
export function logbookRange(query: Record<string, unknown>): { from: string | null; to: string | null } {
  const read = (key: 'from' | 'to') => {
    const raw = query[key];
    if (raw === undefined || raw === '') return null;
    if (typeof raw !== 'string' || raw.length !== 10 || !isCalendarDate(raw)) {
      throw ValidationError.field(key, 'Date invalide (AAAA-MM-JJ).');
    }
    return raw;
  };
  const from = read('from');
  const to = read('to');
  if (from && to && from > to) throw ValidationError.field('to', 'La date de fin doit suivre la date de début.');
  return { from, to };
}

/** Realized flights matching `where`, oldest first, with their crew and passenger counts (three queries). */
export async function loadLogbookEntries(
  db: Kysely<DB>,
  where: { pilotId?: number; balloonId?: number; flightId?: number; from?: string | null; to?: string | null },
): Promise<LogbookEntry[]> {
  let query = db
    .selectFrom('flights as f')
    .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
    .leftJoin('pilots as p', 'p.id', 'f.pilot_id')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .leftJoin('flight_types as t', 't.id', 'f.flight_type_id')
    // The place the crew noted on the launch field (issue 31), when it is not the planned location.
    .leftJoin('field_reports as fr', 'fr.flight_id', 'f.id')
    .select([
      'f.id',
      'f.scheduled_date',
      'f.scheduled_time',
      'f.takeoff_time',
      'f.landing_time',
      'f.landing_place',
      'f.remarks',
      'f.incidents',
      'b.label as balloon_label',
      'b.registration_number',
      'p.first_name',
      'p.last_name',
      'l.label as location',
      'fr.takeoff_place as field_takeoff_place',
      't.label as flight_type',
      (eb) =>
        eb
          .selectFrom('registrations as r')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('r.flight_id', '=', 'f.id')
          .as('passengers'),
    ])
    .where('f.flight_status_id', '=', REALIZED);
  if (where.pilotId !== undefined) query = query.where('f.pilot_id', '=', where.pilotId);
  if (where.balloonId !== undefined) query = query.where('f.balloon_id', '=', where.balloonId);
  if (where.flightId !== undefined) query = query.where('f.id', '=', where.flightId);
  if (where.from) query = query.where('f.scheduled_date', '>=', where.from);
  if (where.to) query = query.where('f.scheduled_date', '<=', where.to);
  const rows = await query
    .orderBy('f.scheduled_date')
    .orderBy('f.scheduled_time')
    .orderBy('f.id')
    .limit(MAX_LOGBOOK_ROWS)
    .execute();
  const ids = rows.map((r) => r.id);
  const crew = ids.length
    ? await db
        .selectFrom('flight_teammates as ft')
        .innerJoin('teammates as tm', 'tm.id', 'ft.teammate_id')
        .select(['ft.flight_id', 'tm.first_name', 'tm.last_name'])
        .where('ft.flight_id', 'in', ids)
        .orderBy('tm.last_name')
        .execute()
    : [];
  return rows.map((r) => ({
    flight_id: r.id,
    date: r.scheduled_date,
    time: r.scheduled_time,
    balloon_label: r.balloon_label ?? null,
    balloon_registration: r.registration_number ?? null,
    pilot_name: name(r.first_name, r.last_name) || null,
    crew: crew.filter((c) => c.flight_id === r.id).map((c) => name(c.first_name, c.last_name)),
    flight_type: r.flight_type ?? null,
    takeoff_place: r.field_takeoff_place || r.location || null,
    takeoff_time: r.takeoff_time,
    landing_place: r.landing_place,
    landing_time: r.landing_time,
    duration: flightMinutes(r.takeoff_time, r.landing_time),
    passengers: Number(r.passengers ?? 0),
    remarks: r.remarks,
    incidents: r.incidents,
  }));
}

const totalsOf = (entries: readonly LogbookEntry[]): LogbookTotals => ({
  flights: entries.length,
  minutes: entries.reduce((sum, e) => sum + (e.duration ?? 0), 0),
  passengers: entries.reduce((sum, e) => sum + e.passengers, 0),
});

export async function pilotLogbook(
  db: Kysely<DB>,
  pilotId: number,
  range: { from: string | null; to: string | null },
): Promise<PilotLogbook> {
  const pilot = await db
    .selectFrom('pilots')
    .select(['id', 'first_name', 'last_name', 'licence_number'])
    .where('id', '=', pilotId)
    .executeTakeFirst();
  if (!pilot) throw new NotFoundError();
  const entries = await loadLogbookEntries(db, { pilotId, ...range });
  return {
    pilot: { id: pilot.id, full_name: name(pilot.first_name, pilot.last_name), licence_number: pilot.licence_number },
    ...range,
    entries,
    totals: totalsOf(entries),
  };
}

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

const isInspectionKind = (kind: string): kind is BalloonInspectionKind => kind in BALLOON_INSPECTION_KINDS;

/** A balloon's inspections, oldest first; at most MAX_LOGBOOK_ROWS (a century of yearly and 100-hour visits). */
export async function balloonInspections(
  db: Kysely<DB>,
  balloon: { id: number; last_inspection_on: string | null; hours_at_last_inspection: number | null },
): Promise<BalloonInspection[]> {
  const rows = await db
    .selectFrom('balloon_inspections')
    .select(['id', 'inspected_on', 'kind', 'hours', 'inspector', 'remarks'])
    .where('balloon_id', '=', balloon.id)
    .orderBy('inspected_on')
    .orderBy('id')
    .limit(MAX_LOGBOOK_ROWS)
    .execute();
  const inspections: BalloonInspection[] = rows.map((r) => ({
    id: r.id,
    inspected_on: String(r.inspected_on).slice(0, 10),
    kind: isInspectionKind(r.kind) ? r.kind : null,
    hours: r.hours === null ? null : Number(r.hours),
    inspector: r.inspector,
    remarks: r.remarks,
  }));
  // The balloon's own 'last inspection', entered on the balloon's form without an inspection recorded: shown too.
  const last = balloon.last_inspection_on;
  if (last && !inspections.some((i) => i.inspected_on === last)) {
    inspections.push({
      id: null,
      inspected_on: last,
      kind: null,
      hours: balloon.hours_at_last_inspection,
      inspector: null,
      remarks: null,
    });
    inspections.sort((a, b) => a.inspected_on.localeCompare(b.inspected_on));
  }
  return inspections;
}

/**
 * Records an inspection of a balloon and, in the same transaction, makes the latest recorded one the balloon's
 * 'last inspection' (the compliance checks and the flight plan read it there): an older inspection entered late
 * lists in the log without moving the next one due.
 */
export async function recordBalloonInspection(
  db: Kysely<DB>,
  balloonId: number,
  body: unknown,
  userId: number | null,
): Promise<BalloonInspection> {
  const input = balloonInspectionSchema.parse(body) as BalloonInspectionCreate & { kind: BalloonInspectionKind };
  return db.transaction().execute(async (trx) => {
    const balloon = await trx
      .selectFrom('balloons')
      .select(['id', 'last_inspection_on', 'hours_at_last_inspection'])
      .where('id', '=', balloonId)
      .executeTakeFirst();
    if (!balloon) throw new NotFoundError();
    // A last inspection entered on the balloon's form, not recorded: kept in the history before it is replaced.
    const last = balloon.last_inspection_on ? String(balloon.last_inspection_on).slice(0, 10) : null;
    if (last) {
      const known = await trx
        .selectFrom('balloon_inspections')
        .select('id')
        .where('balloon_id', '=', balloonId)
        .where('inspected_on', '=', last)
        .executeTakeFirst();
      if (!known) {
        await trx
          .insertInto('balloon_inspections')
          .values({ balloon_id: balloonId, inspected_on: last, kind: 'other', hours: balloon.hours_at_last_inspection })
          .execute();
      }
    }
    const row = await trx
      .insertInto('balloon_inspections')
      .values({
        balloon_id: balloonId,
        inspected_on: input.inspected_on,
        kind: input.kind,
        hours: input.hours ?? null,
        inspector: input.inspector ?? null,
        remarks: input.remarks ?? null,
        user_id: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const latest = await trx
      .selectFrom('balloon_inspections')
      .select(['inspected_on', 'hours'])
      .where('balloon_id', '=', balloonId)
      .orderBy('inspected_on', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('balloons')
      .set({ last_inspection_on: String(latest.inspected_on).slice(0, 10), hours_at_last_inspection: latest.hours })
      .where('id', '=', balloonId)
      .execute();
    return {
      id: row.id,
      inspected_on: input.inspected_on,
      kind: input.kind,
      hours: input.hours ?? null,
      inspector: input.inspector ?? null,
      remarks: input.remarks ?? null,
    };
  });
}

export async function balloonTechnicalLog(db: Kysely<DB>, balloonId: number): Promise<TechnicalLog> {
  const balloon = await db.selectFrom('balloons').selectAll().where('id', '=', balloonId).executeTakeFirst();
  if (!balloon) throw new NotFoundError();
  const [entries, rules, inspections] = await Promise.all([
    loadLogbookEntries(db, { balloonId }),
    loadFlightFileRules(db),
    balloonInspections(db, balloon),
  ]);
  const before = balloon.hours_before ?? 0;
  let minutes = 0;
  const rows: TechnicalLogRow[] = [];
  const inspectionRow = (i: BalloonInspection): TechnicalLogRow => ({
    kind: 'inspection',
    date: i.inspected_on,
    hours: i.hours,
    inspection_kind: i.kind,
    inspector: i.inspector,
    remarks: i.remarks,
  });
  // Flights and inspections by date; an inspection on a flying day after that day's flights.
  let next = 0;
  for (const e of entries) {
    while (next < inspections.length && (inspections[next] as BalloonInspection).inspected_on < e.date) {
      rows.push(inspectionRow(inspections[next] as BalloonInspection));
      next++;
    }
    minutes += e.duration ?? 0;
    rows.push({ ...e, kind: 'flight', hours_after: Math.round((before + minutes / 60) * 100) / 100 });
  }
  for (const i of inspections.slice(next)) rows.push(inspectionRow(i));
  const inspection = balloon.last_inspection_on;
  const flown = hoursOf(minutes);
  const now = balloonHoursBefore(
    before,
    entries.map((e) => ({
      id: e.flight_id,
      scheduled_date: e.date,
      scheduled_time: e.time,
      takeoff_time: e.takeoff_time,
      landing_time: e.landing_time,
    })),
    { scheduled_date: '9999-12-31', scheduled_time: '23:59' },
  );
  return {
    balloon: { id: balloon.id, label: balloon.label, registration_number: balloon.registration_number },
    hours_before: before,
    hours_flown: flown,
    hours_total: Math.round(now * 100) / 100,
    last_inspection_on: inspection,
    hours_at_last_inspection: balloon.hours_at_last_inspection,
    next_inspection_on: inspection ? addMonths(inspection, rules.inspection.months) : null,
    next_inspection_hours:
      inspection && balloon.hours_at_last_inspection !== null
        ? balloon.hours_at_last_inspection + rules.inspection.hours
        : null,
    rows,
    totals: totalsOf(entries),
  };
}

const time = (value: string | null) => (value ? value.slice(0, 5) : '');
const decimal = (value: number) => String(value).replace('.', ',');

export function pilotLogbookCsv(logbook: PilotLogbook): string {
  const lines = [
    [
      'Date',
      'Immatriculation',
      'Ballon',
      'Type de vol',
      'Lieu de décollage',
      'Heure de décollage',
      "Lieu d'atterrissage",
      "Heure d'atterrissage",
      'Durée (min)',
      'Passagers',
      'Équipiers',
      'Remarques',
      'Incidents',
    ],
    ...logbook.entries.map((e) => [
      frenchDate(e.date),
      e.balloon_registration ?? '',
      e.balloon_label ?? '',
      e.flight_type ?? '',
      e.takeoff_place ?? '',
      time(e.takeoff_time),
      e.landing_place ?? '',
      time(e.landing_time),
      e.duration === null ? '' : String(e.duration),
      String(e.passengers),
      e.crew.join(', '),
      e.remarks ?? '',
      e.incidents ?? '',
    ]),
    [
      'Total',
      `${logbook.totals.flights} vols`,
      '',
      '',
      '',
      '',
      '',
      '',
      String(logbook.totals.minutes),
      String(logbook.totals.passengers),
      formatMinutes(logbook.totals.minutes),
      '',
      '',
    ],
  ];
  return `\uFEFF${lines.map((cells) => csvLine(cells)).join('')}`;
}

/** 'Visite', or its kind, by whom and the remarks: 'Visite des 100 heures, par Atelier Ballons : enveloppe OK'. */
function inspectionText(row: Extract<TechnicalLogRow, { kind: 'inspection' }>): string {
  const kind = row.inspection_kind ? BALLOON_INSPECTION_KINDS[row.inspection_kind] : 'Visite';
  const by = row.inspector ? `, par ${row.inspector}` : '';
  return `${kind}${by}${row.remarks ? ` : ${row.remarks}` : ''}`;
}

export function technicalLogCsv(log: TechnicalLog): string {
  const lines = [
    [
      'Date',
      'Événement',
      'Pilote',
      'Lieu de décollage',
      'Heure de décollage',
      "Lieu d'atterrissage",
      "Heure d'atterrissage",
      'Durée (min)',
      'Heures cumulées',
      'Passagers',
      'Incidents',
    ],
    ['', 'Heures avant le logiciel', '', '', '', '', '', '', decimal(log.hours_before), '', ''],
    ...log.rows.map((r) =>
      r.kind === 'inspection'
        ? [
            frenchDate(r.date),
            inspectionText(r),
            '',
            '',
            '',
            '',
            '',
            '',
            r.hours === null ? '' : decimal(r.hours),
            '',
            '',
          ]
        : [
            frenchDate(r.date),
            'Vol',
            r.pilot_name ?? '',
            r.takeoff_place ?? '',
            time(r.takeoff_time),
            r.landing_place ?? '',
            time(r.landing_time),
            r.duration === null ? '' : String(r.duration),
            decimal(r.hours_after),
            String(r.passengers),
            r.incidents ?? '',
          ],
    ),
  ];
  return `\uFEFF${lines.map((cells) => csvLine(cells)).join('')}`;
}
