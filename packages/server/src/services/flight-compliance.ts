import {
  type ComplianceItem,
  crewItem,
  expiryItem,
  FLIGHT_STATUSES,
  flightMinutes,
  fuelItem,
  type InspectionRule,
  type InspectionState,
  inspectionItem,
  inspectionState,
  type RecencyRule,
  recencyItem,
  SETTING_DEFAULTS,
} from '@app/domain';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { answerCache } from '../engine/answer-cache.js';
import { runShaped } from '../engine/compiled.js';
import type { EngineContext, KnownVersions } from '../engine/types.js';
import { computeFlightMasses, loadFlightMassInputs } from './flight-masses.js';
import { precompiled } from './precompiled.js';

// The flight file's checks on a flight's day (issue 30): the pilot's currency (recent flights, licence, medical),
// the balloon's inspection, the fuel reserve and the crew count. Warnings, never refusals: an operator may have a
// proficiency check or an inspection planned. `append=compliance` on flights, the planning card and the dashboard
// read them; the plan and the sealed record print them as they were that day.

const REALIZED = FLIGHT_STATUSES.realized.id;

/** A time column's minutes since midnight, on both engines (SQLite keeps 'HH:MM:SS' text, PostgreSQL a time). */
const minutesOf = (column: string) => {
  const text = sql`cast(${sql.ref(column)} as text)`;
  return sql`(cast(substr(${text}, 1, 2) as integer) * 60 + cast(substr(${text}, 4, 2) as integer) + cast(substr(${text}, 7, 2) as integer) / 60.0)`;
};
/** flightMinutes in SQL, rounded like it: landing minus takeoff, a landing before the takeoff past midnight, null if one is missing. */
const FLIGHT_MINUTES_SQL = sql`round(case when ${minutesOf('landing_time')} < ${minutesOf('takeoff_time')}
  then ${minutesOf('landing_time')} - ${minutesOf('takeoff_time')} + 1440
  else ${minutesOf('landing_time')} - ${minutesOf('takeoff_time')} end)`;

export type PilotCurrency = {
  id: number;
  name: string;
  licence_number: string | null;
  licence_expires_on: string | null;
  medical_expires_on: string | null;
  recent_flights: number;
  recency: RecencyRule;
};
export type BalloonState = {
  id: number;
  label: string;
  registration_number: string | null;
  inspection: InspectionState;
  inspection_rule: InspectionRule;
};
export type FlightCompliance = {
  compliance: ComplianceItem[];
  pilot: PilotCurrency | null;
  balloon: BalloonState | null;
};

const positiveInteger = (value: string | null | undefined, fallback: string): number => {
  const n = Number(value ?? fallback);
  return Number.isInteger(n) && n >= 1 ? n : Number(fallback);
};

const FILE_RULE_KEYS = [
  'pilot_recency_flights',
  'pilot_recency_days',
  'balloon_inspection_months',
  'balloon_inspection_hours',
] as const;

// Compiled once: every planning day, range and flight page reads these four settings first.
const fileRulesQuery = precompiled(
  (db: Kysely<DB>) =>
    db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', [...FILE_RULE_KEYS]),
  0,
);

export async function loadFlightFileRules(
  db: Kysely<DB>,
): Promise<{ recency: RecencyRule; inspection: InspectionRule }> {
  const rows = await fileRulesQuery(db);
  const value = (key: (typeof FILE_RULE_KEYS)[number]) =>
    positiveInteger(rows.find((r) => r.key === key)?.value, SETTING_DEFAULTS[key]);
  return {
    recency: { flights: value('pilot_recency_flights'), days: value('pilot_recency_days') },
    inspection: { months: value('balloon_inspection_months'), hours: value('balloon_inspection_hours') },
  };
}

type FlownRow = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  takeoff_time: string | null;
  landing_time: string | null;
};

/** A balloon's realized flights in time order, with the minutes flown up to and including each. */
export type FlownHours = { moments: string[]; ids: number[]; cumulative: number[] };

const momentOf = (f: { scheduled_date: string; scheduled_time: string }) =>
  `${f.scheduled_date}T${f.scheduled_time.slice(0, 5)}`;

/** Sorts a balloon's realized flights once, so that the hours before each of many flights are a binary search. */
export function flownHours(flown: readonly FlownRow[]): FlownHours {
  const sorted = flown.map((f) => ({
    moment: momentOf(f),
    id: f.id,
    minutes: flightMinutes(f.takeoff_time, f.landing_time) ?? 0,
  }));
  sorted.sort((a, b) => (a.moment < b.moment ? -1 : a.moment > b.moment ? 1 : 0));
  let total = 0;
  return {
    moments: sorted.map((f) => f.moment),
    ids: sorted.map((f) => f.id),
    cumulative: sorted.map((f) => {
      total += f.minutes;
      return total;
    }),
  };
}

/** Hours on the balloon before (date, time): hours before the product + its realized flights before that moment. */
export function balloonHoursBefore(
  hoursBefore: number | null,
  flown: readonly FlownRow[] | FlownHours,
  at: { id?: number; scheduled_date: string; scheduled_time: string },
): number {
  const hours = Array.isArray(flown) ? flownHours(flown) : (flown as FlownHours);
  const moment = momentOf(at);
  // The flights strictly before the moment: the first index whose moment is not earlier.
  let low = 0;
  let high = hours.moments.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((hours.moments[mid] as string) < moment) low = mid + 1;
    else high = mid;
  }
  let minutes = low > 0 ? (hours.cumulative[low - 1] as number) : 0;
  // The flight itself never counts, even if it is recorded at an earlier moment than it is planned for.
  const own = at.id === undefined ? -1 : hours.ids.indexOf(at.id);
  if (own >= 0 && own < low) {
    minutes -= (hours.cumulative[own] as number) - (own > 0 ? (hours.cumulative[own - 1] as number) : 0);
  }
  return (hoursBefore ?? 0) + minutes / 60;
}

const earlierMinutes = answerCache<Map<number, number>>({
  name: 'services/flight-compliance.ts (hours before)',
  keeps: "Each balloon's realized flight minutes before a day",
  key: 'The balloons and the day',
  tables: ['flights'],
  maxEntries: 32,
});

/** Each balloon's realized flight minutes before `day` (kept until a flight changes; answers are never mutated). */
export function minutesBefore(
  db: Kysely<DB>,
  balloonIds: readonly number[],
  day: string,
  versions?: KnownVersions,
): Promise<Map<number, number>> {
  const ids = [...balloonIds].sort((a, b) => a - b);
  return earlierMinutes(
    db,
    `${day}|${ids.join(',')}`,
    async () => {
      const rows = await db
        .selectFrom('flights')
        .select(['balloon_id', sql<number | string | null>`sum(${FLIGHT_MINUTES_SQL})`.as('minutes')])
        .where('balloon_id', 'in', ids)
        .where('flight_status_id', '=', REALIZED)
        .where('scheduled_date', '<', day)
        .groupBy('balloon_id')
        .execute();
      const sums = new Map<number, number>();
      for (const row of rows) if (row.balloon_id !== null) sums.set(row.balloon_id, Number(row.minutes ?? 0));
      return sums;
    },
    versions,
  );
}

/** The first 'HH:MM' of a time column, on both engines: the moment a flight is planned for. */
const hourMinuteOf = (column: string) => sql`substr(cast(${sql.ref(column)} as text), 1, 5)`;

/**
 * Recency: the pilot's realized flights in the `days` days before each flight's date (a flight exactly `days` days
 * before counts, one `days + 1` before does not), earlier flights of the same day included, the flight itself not.
 * Counted by the database on the index of each pilot's realized flights by date (migration 0038): read row by row,
 * the pilots' whole window came back to be filtered per flight, two thirds of a planning day's statements.
 */
function recentFlights(db: Kysely<DB>, days: number) {
  const windowStart = isPostgres(db)
    ? sql`f.scheduled_date - cast(${days} as integer)`
    : sql`date(f.scheduled_date, ${`-${days} days`})`;
  return sql<number>`(select count(*) from flights p where p.pilot_id = f.pilot_id
    and p.flight_status_id = ${sql.lit(REALIZED)}
    and p.scheduled_date >= ${windowStart} and p.scheduled_date <= f.scheduled_date and p.id <> f.id
    and (p.scheduled_date < f.scheduled_date or ${hourMinuteOf('p.scheduled_time')} < ${hourMinuteOf('f.scheduled_time')}))`;
}

type FlightFileRules = Awaited<ReturnType<typeof loadFlightFileRules>>;
/** Where and when flights take place: what a balloon's hours before each depend on. */
type FlightPlace = { balloon_id: number | null; scheduled_date: string };
/**
 * What a caller has already read of the flights asked (the planning day, the dashboard's week), and the table
 * versions its read request holds (engine/count-cache.ts).
 */
export type KnownFlights = { rules?: FlightFileRules; flights?: readonly FlightPlace[]; versions?: KnownVersions };

/** The balloons' realized flights over the days asked, and their minutes before the first one. */
async function balloonHistory(db: Kysely<DB>, flights: readonly FlightPlace[], versions?: KnownVersions) {
  const dates = flights.map((f) => f.scheduled_date).sort();
  const first = dates[0] as string;
  const last = dates[dates.length - 1] as string;
  const balloonIds = [...new Set(flights.map((f) => f.balloon_id).filter((id): id is number => id !== null))];
  if (!balloonIds.length || !flights.length) return { ballooned: [], earlier: new Map<number, number>() };
  const [ballooned, earlier] = await Promise.all([
    runShaped(db, flownHours, 'ballooned', [first, last, ...balloonIds], (values) =>
      db
        .selectFrom('flights')
        .select(['id', 'balloon_id', 'scheduled_date', 'scheduled_time', 'takeoff_time', 'landing_time'])
        .where('balloon_id', 'in', values.slice(2) as number[])
        .where('flight_status_id', '=', sql.lit(REALIZED))
        .where('scheduled_date', '>=', values[0] as string)
        .where('scheduled_date', '<=', values[1] as string),
    ),
    // The years of flights before the first day asked, summed by the database: before every flight asked, whatever
    // its time. Read row by row, a balloon's whole history was most of what a planning range or the dashboard cost;
    // summed, it still reads the whole history (200 ms on the bench's 30,000 flights), so the sums are kept until a
    // flight changes: a sale, a note or a registration leaves them as they are.
    minutesBefore(db, balloonIds, first, versions),
  ]);
  return { ballooned, earlier };
}

/**
 * The checks of many flights in five queries whatever their number, in three rounds at most: on PostgreSQL each
 * round is a trip to the database. A caller that has read the rules and where the flights are (`known`) saves two:
 * the rules, and the balloons' history read beside the flights.
 */
export async function loadFlightCompliance(
  db: Kysely<DB>,
  ids: readonly number[],
  known: KnownFlights = {},
): Promise<Map<number, FlightCompliance>> {
  const result = new Map<number, FlightCompliance>();
  if (ids.length === 0) return result;
  const rules = known.rules ?? (await loadFlightFileRules(db));
  // Compiled once per number of ids and recency window (engine/compiled.ts): the window is the shape's only
  // constant, named in its key. Built and compiled by Kysely at every call, these statements cost a planning day
  // more than the database took to answer them.
  const [flights, masses, history] = await Promise.all([
    runShaped(
      db,
      loadFlightCompliance,
      `flights|${rules.recency.days}`,
      ids,
      (values) =>
        db
          .selectFrom('flights as f')
          .leftJoin('pilots as p', 'p.id', 'f.pilot_id')
          .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
          .select([
            'f.id',
            'f.scheduled_date',
            'f.scheduled_time',
            'f.pilot_id',
            'f.balloon_id',
            'p.first_name',
            'p.last_name',
            'p.licence_number',
            'p.licence_expires_on',
            'p.medical_expires_on',
            'b.label as balloon_label',
            'b.registration_number',
            'b.hours_before',
            'b.last_inspection_on',
            'b.hours_at_last_inspection',
            recentFlights(db, rules.recency.days).as('recent_flights'),
          ])
          .where('f.id', 'in', [...(values as number[])]),
      { constantsInKey: true },
    ),
    loadFlightMassInputs(db, [...ids]),
    known.flights ? balloonHistory(db, known.flights, known.versions) : null,
  ]);
  if (flights.length === 0) return result;
  const { ballooned, earlier } = history ?? (await balloonHistory(db, flights, known.versions));
  // Each balloon's flights sorted once: a planning range asks for hundreds of flights of the same few balloons.
  const byBalloon = new Map<number, FlownHours>();
  const hoursOf = (balloonId: number): FlownHours => {
    let hours = byBalloon.get(balloonId);
    if (!hours) {
      hours = flownHours(ballooned.filter((b) => b.balloon_id === balloonId));
      byBalloon.set(balloonId, hours);
    }
    return hours;
  };
  for (const f of flights) {
    const items: ComplianceItem[] = [];
    let pilot: PilotCurrency | null = null;
    if (f.pilot_id !== null) {
      const name = [f.first_name, f.last_name].filter(Boolean).join(' ') || 'Le pilote';
      const count = Number(f.recent_flights);
      pilot = {
        id: f.pilot_id,
        name,
        licence_number: f.licence_number ?? null,
        licence_expires_on: f.licence_expires_on ?? null,
        medical_expires_on: f.medical_expires_on ?? null,
        recent_flights: count,
        recency: rules.recency,
      };
      for (const item of [
        recencyItem(count, rules.recency, name),
        expiryItem('pilot_licence', f.licence_expires_on, f.scheduled_date, name),
        expiryItem('pilot_medical', f.medical_expires_on, f.scheduled_date, name),
      ]) {
        if (item) items.push(item);
      }
    }
    let balloon: BalloonState | null = null;
    if (f.balloon_id !== null) {
      const before = (f.hours_before ?? 0) + (earlier.get(f.balloon_id) ?? 0) / 60;
      const hours = balloonHoursBefore(before, hoursOf(f.balloon_id), f);
      const inspection = inspectionState(
        {
          last_inspection_on: f.last_inspection_on ?? null,
          hours_at_last_inspection: f.hours_at_last_inspection ?? null,
        },
        hours,
        f.scheduled_date,
        rules.inspection,
      );
      const label = f.registration_number || f.balloon_label || '';
      balloon = {
        id: f.balloon_id,
        label: f.balloon_label ?? '',
        registration_number: f.registration_number ?? null,
        inspection,
        inspection_rule: rules.inspection,
      };
      const item = inspectionItem(inspection, label);
      if (item) items.push(item);
    }
    const input = masses.get(f.id);
    if (input) {
      const m = computeFlightMasses(input);
      const fuel = m.fuel ? fuelItem(m.fuel) : null;
      if (fuel) items.push(fuel);
      const crew = crewItem(m.crew);
      if (crew) items.push(crew);
    }
    result.set(f.id, { compliance: items, pilot, balloon });
  }
  return result;
}

/** `append=compliance` on flights: row.compliance = [{code, severity, message}]. */
export async function appendCompliance(ctx: EngineContext, rows: Record<string, unknown>[]): Promise<void> {
  const ids = [...new Set(rows.map((r) => Number(r.id)).filter((id) => Number.isInteger(id) && id > 0))];
  const loaded = await loadFlightCompliance(ctx.db, ids, { versions: ctx.versions });
  for (const row of rows) row.compliance = loaded.get(Number(row.id))?.compliance ?? [];
}

/** `append=flight_file` on flights: the compliance with the pilot's currency and the balloon's inspection state. */
export async function appendFlightFile(ctx: EngineContext, rows: Record<string, unknown>[]): Promise<void> {
  const ids = [...new Set(rows.map((r) => Number(r.id)).filter((id) => Number.isInteger(id) && id > 0))];
  const loaded = await loadFlightCompliance(ctx.db, ids, { versions: ctx.versions });
  for (const row of rows) row.flight_file = loaded.get(Number(row.id)) ?? null;
}
