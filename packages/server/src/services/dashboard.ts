import {
  ATTENTION_LABELS,
  type AttentionItem,
  type AttentionKey,
  addDays,
  attentionFilters,
  BOOKING_STATUSES,
  DASHBOARD_DAYS,
  type Dashboard,
  type DashboardFlight,
  type DashboardMonth,
  DUE_BOOKING_STATUS_IDS,
  EXPIRING_SOON_DAYS,
  FLIGHT_STATUSES,
  formatFilters,
  OPEN_BOOKING_STATUS_IDS,
  registrationRequestFilters,
  weightChangeFilters,
} from '@app/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { today as operatorToday } from '../core/clock.js';
import { type Dialect, datePlannedOnce } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { answerCache } from '../engine/answer-cache.js';
import type { KnownVersions } from '../engine/types.js';
import { loadFlightCompliance, loadFlightFileRules } from './flight-compliance.js';
import { pendingPassengersByDay } from './planning.js';
import { flightsBetween } from './planning-range.js';

// GET /api/dashboard (issue 12 point 1): five statements whatever the data, each aggregated in SQL and run side
// by side: the coming week's flights, its pending passengers (the planning day's rule), every 'to do' count grouped
// by booking status in one UNION ALL, and two monthly aggregates for the charts. The 'to do' conditions are the
// bookings list filters of domain attentionFilters written as plain joins (a test checks both find the same
// bookings on both engines).
//
// The answer is kept per day while the versions of every table it reads are unchanged (the rule of the list
// totals, engine/count-cache.ts: versions bumped by triggers in each writing transaction, read BEFORE computing),
// so the landing page of every user costs one small read until someone writes; the next read recomputes it.

const PLANNED = FLIGHT_STATUSES.planned.id;

// The coming week's flights and the season's flights per month do not read bookings: kept apart from the rest of
// the answer, a sale or a booking's change (most of an office's writes) recomputes the 'to do' counts and the
// bookings' figures only. The week's flights read the passengers' weights (the flight file's mass checks).
const weekFlightAnswers = answerCache<DashboardFlight[]>({
  name: 'services/dashboard.ts (weekFlights)',
  keeps: "The landing page's coming flights with their flight file's warnings",
  key: 'The day it is computed for',
  tables: ['balloons', 'flights', 'flight_teammates', 'locations', 'passengers', 'pilots', 'registrations', 'settings'],
  maxEntries: 4,
});
const flightMonthAnswers = answerCache<FlightMonthRow[]>({
  name: 'services/dashboard.ts (flightMonths)',
  keeps: "The landing page's realized, postponed and canceled flights per month of a season",
  key: 'The season',
  tables: ['flights'],
  maxEntries: 4,
});

async function weekFlights(
  db: Kysely<DB>,
  from: string,
  to: string,
  versions?: KnownVersions,
): Promise<DashboardFlight[]> {
  const [between, rules] = await Promise.all([flightsBetween(db, from, to), loadFlightFileRules(db)]);
  const flights = between.map(({ is_public: _public, ...flight }) => flight);
  // Issue 30: the flight file's warnings of each coming flight (a pilot not current, a balloon due...).
  const compliance = await loadFlightCompliance(
    db,
    flights.map((f) => f.id),
    {
      rules,
      flights: flights.map((f) => ({ balloon_id: f.balloon?.id ?? null, scheduled_date: f.scheduled_date })),
      versions,
    },
  );
  return flights.map((f) => ({ ...f, compliance: compliance.get(f.id)?.compliance ?? [] }));
}

type AttentionRow = { k: AttentionKey; s: number | null; n: number | string; m: number | string };

/** Bookings with a passenger registered on a planned flight dated within [from, to] (to null: no end). */
const onPlannedFlight = (from: RawBuilder<string>, to: RawBuilder<string> | null) => sql`b.id in (
  select p.booking_id from passengers p
  join registrations r on r.passenger_id = p.id
  join flights f on f.id = r.flight_id
  where f.flight_status_id = ${planned} and f.scheduled_date >= ${from}
  ${to === null ? sql`` : sql`and f.scheduled_date <= ${to}`})`;

// The statuses are the code's own constants, written into the statement: as parameters, PostgreSQL plans each call
// for their values and never keeps a plan for it (see datePlannedOnce).
const ids = (list: readonly number[]) =>
  sql.join(
    list.map((id) => sql.lit(id)),
    sql`, `,
  );
const planned = sql.lit(PLANNED);

/**
 * Every 'to do' count in one statement: one row per item and booking status (m: distinct flights, for requests).
 * The expiring vouchers' `+b.booking_status_id`: without statistics on the dates, SQLite took the status index and
 * read every open booking (2.5 ms on the bench) instead of the month of validity dates (0.3 ms); the unary plus,
 * valid on both engines, takes the status column out of index choice.
 */
async function attentionRows(db: Kysely<DB>, day: string): Promise<AttentionRow[]> {
  const today = datePlannedOnce(db, day);
  const week = datePlannedOnce(db, addDays(day, DASHBOARD_DAYS));
  const soon = datePlannedOnce(db, addDays(day, EXPIRING_SOON_DAYS));
  const { rows } = await sql<AttentionRow>`
    select 'incomplete_bookings' as k, b.booking_status_id as s, count(*) as n, count(*) as m
      from bookings b
      where ${onPlannedFlight(today, null)}
        and ((select count(*) from passengers p2 where p2.booking_id = b.id) < b.passengers_number
          or exists (select 1 from passengers p3 where p3.booking_id = b.id and (p3.weight is null
            or p3.first_name is null or p3.first_name = '' or p3.last_name is null or p3.last_name = '')))
      group by b.booking_status_id
    union all
    select 'pre_flight_infos', b.booking_status_id, count(*), count(*)
      from bookings b
      where b.has_pre_flight_infos = 0 and ${onPlannedFlight(today, week)}
      group by b.booking_status_id
    union all
    select 'remaining_due', b.booking_status_id, count(*), count(*)
      from bookings b
      where b.booking_status_id in (${ids(DUE_BOOKING_STATUS_IDS)}) and b.remaining_amount > 0
      group by b.booking_status_id
    union all
    select 'expiring_vouchers', b.booking_status_id, count(*), count(*)
      from bookings b
      where b.validity_date >= ${today} and b.validity_date <= ${soon}
        and +b.booking_status_id in (${ids(OPEN_BOOKING_STATUS_IDS)})
      group by b.booking_status_id
    union all
    select 'prestation_to_specify', b.booking_status_id, count(*), count(*)
      from bookings b
      where b.prestation_id is null and b.booking_status_id in (${ids(OPEN_BOOKING_STATUS_IDS)})
        and (b.woocommerce_order_id is not null or exists (select 1 from remote_orders ro where ro.booking_id = b.id))
      group by b.booking_status_id
    union all
    select 'refund_to_offer', b.booking_status_id, count(*), count(*)
      from bookings b
      where b.refund_to_offer = 1 and b.booking_status_id in (${ids(OPEN_BOOKING_STATUS_IDS)})
      group by b.booking_status_id
    union all
    select 'registration_requests', null, count(*), count(distinct rr.flight_id)
      from registration_requests rr
      join flights f on f.id = rr.flight_id
      where rr.status = 'pending' and f.flight_status_id = ${planned} and f.scheduled_date >= ${today}
    union all
    select 'weight_changes', null, count(*), count(distinct w.flight_id)
      from passenger_weight_changes w
      join flights f on f.id = w.flight_id
      join registrations r on r.passenger_id = w.passenger_id and r.flight_id = w.flight_id
      where w.seen_at is null and f.flight_status_id = ${planned} and f.scheduled_date >= ${today}
  `.execute(db);
  return rows;
}

const STATUS_SLUGS = new Map<number, string>(Object.values(BOOKING_STATUSES).map((s) => [s.id, s.slug]));
const ATTENTION_ORDER: AttentionKey[] = [
  'prestation_to_specify',
  'incomplete_bookings',
  'pre_flight_infos',
  'remaining_due',
  'registration_requests',
  'weight_changes',
  'expiring_vouchers',
  'refund_to_offer',
];

function attentionItems(rows: AttentionRow[], today: string): AttentionItem[] {
  const bookingFilters = attentionFilters(today);
  return ATTENTION_ORDER.map((key) => {
    const mine = rows.filter((r) => r.k === key);
    if (key === 'registration_requests' || key === 'weight_changes') {
      const row = mine[0];
      const count = Number(row?.n ?? 0);
      const flights = Number(row?.m ?? 0);
      return {
        key,
        label: ATTENTION_LABELS[key],
        count,
        links:
          count > 0
            ? [
                {
                  status: null,
                  count: flights,
                  filters: formatFilters(
                    key === 'weight_changes' ? weightChangeFilters(today) : registrationRequestFilters(today),
                  ),
                },
              ]
            : [],
      };
    }
    const filters = formatFilters(bookingFilters[key]);
    const links = mine
      .map((r) => ({ status: STATUS_SLUGS.get(Number(r.s)) ?? '', count: Number(r.n), filters }))
      .filter((l) => l.status !== '' && l.count > 0)
      .sort((a, b) => (BOOKING_STATUSES_ORDER.get(a.status) ?? 0) - (BOOKING_STATUSES_ORDER.get(b.status) ?? 0));
    return { key, label: ATTENTION_LABELS[key], count: links.reduce((sum, l) => sum + l.count, 0), links };
  });
}

const BOOKING_STATUSES_ORDER = new Map<string, number>(Object.values(BOOKING_STATUSES).map((s) => [s.slug, s.id]));

/** 'YYYY-MM' of a date column on each engine. */
const monthOf = (dialect: Dialect, column: string) =>
  dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM')`
    : sql<string>`substr(${sql.ref(column)}, 1, 7)`;

/** Past this many rows summed for the two seasons, the dashboard folds the appended rows into one per month. */
const FOLD_AFTER_ROWS = 256;

/**
 * Folds booking_month_totals (migration 0036: a row appended per booking write) into one row per month. On
 * PostgreSQL one statement, so the rows it sums are exactly those it deletes (a writer committing meanwhile keeps
 * its row for the next fold; two folds at once each take only the rows they deleted); on SQLite one transaction
 * holding the write lock.
 */
export async function foldBookingMonthTotals(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  const sums = sql`sum(bookings), sum(revenue), sum(remaining)`;
  const kept = sql`having sum(bookings) <> 0 or sum(revenue) <> 0 or sum(remaining) <> 0`;
  if (dialect === 'postgres') {
    await sql`with gone as (delete from booking_month_totals returning month, bookings, revenue, remaining)
      insert into booking_month_totals (month, bookings, revenue, remaining)
      select month, ${sums} from gone group by month ${kept}`.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('booking_month_totals')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    if (last?.id == null) return;
    await sql`insert into booking_month_totals (month, bookings, revenue, remaining)
      select month, ${sums} from booking_month_totals where id <= ${last.id} group by month ${kept}`.execute(trx);
    await trx.deleteFrom('booking_month_totals').where('id', '<=', last.id).execute();
  });
}

type FlightMonthRow = { month: string; flight_status_id: number; n: number };

function flightMonths(
  db: Kysely<DB>,
  dialect: Dialect,
  season: number,
  versions?: KnownVersions,
): Promise<FlightMonthRow[]> {
  return flightMonthAnswers(
    db,
    String(season),
    () =>
      db
        .selectFrom('flights as f')
        .select([monthOf(dialect, 'f.scheduled_date').as('month'), 'f.flight_status_id', sql<number>`count(*)`.as('n')])
        .where('f.scheduled_date', '>=', `${season}-01-01`)
        .where('f.scheduled_date', '<=', `${season}-12-31`)
        .where('f.flight_status_id', '<>', PLANNED)
        .groupBy([monthOf(dialect, 'f.scheduled_date'), 'f.flight_status_id'])
        .execute(),
    versions,
  );
}

async function monthlyFigures(
  db: Kysely<DB>,
  dialect: Dialect,
  season: number,
  versions?: KnownVersions,
): Promise<DashboardMonth[]> {
  const [bookings, flights] = await Promise.all([
    // Kept by the database on every booking write (migration 0036): a few rows per month, not the bookings.
    db
      .selectFrom('booking_month_totals')
      .select([
        'month',
        sql<number | string>`sum(bookings)`.as('n'),
        sql<number | string>`sum(revenue)`.as('revenue'),
        sql<number | string>`sum(remaining)`.as('remaining'),
        sql<number | string>`count(*)`.as('rows'),
      ])
      .where('month', '>=', `${season - 1}-01`)
      .where('month', '<=', `${season}-12`)
      .groupBy('month')
      .execute(),
    flightMonths(db, dialect, season, versions),
  ]);
  if (bookings.reduce((sum, row) => sum + Number(row.rows), 0) > FOLD_AFTER_ROWS) {
    await foldBookingMonthTotals(db, dialect);
  }
  const months: DashboardMonth[] = Array.from({ length: 12 }, (_, i) => ({
    month: i + 1,
    bookings: 0,
    previous_bookings: 0,
    realized: 0,
    weather_postponed: 0,
    canceled: 0,
    revenue: 0,
    remaining_due: 0,
  }));
  const at = (key: string) => months[Number(key.slice(5, 7)) - 1];
  for (const row of bookings) {
    const month = at(row.month);
    if (!month) continue;
    if (row.month.startsWith(String(season))) {
      month.bookings = Number(row.n);
      month.revenue = Math.round(Number(row.revenue) * 100) / 100;
      month.remaining_due = Math.round(Number(row.remaining) * 100) / 100;
    } else {
      month.previous_bookings = Number(row.n);
    }
  }
  for (const row of flights) {
    const month = at(row.month);
    if (!month) continue;
    if (row.flight_status_id === FLIGHT_STATUSES.realized.id) month.realized = Number(row.n);
    else if (row.flight_status_id === FLIGHT_STATUSES.weatherPostponed.id) month.weather_postponed = Number(row.n);
    else if (row.flight_status_id === FLIGHT_STATUSES.canceled.id) month.canceled = Number(row.n);
  }
  return months;
}

/** Every table the answer reads. */
const DASHBOARD_TABLES = [
  'balloons',
  'bookings',
  'flights',
  'flight_teammates',
  'locations',
  'passenger_weight_changes',
  'passengers',
  'pilots',
  'registration_requests',
  'registrations',
  'remote_orders',
  'requested_dates',
  'settings',
];
const answers = answerCache<Dashboard>({
  name: 'services/dashboard.ts (dashboard)',
  keeps: "The landing page's whole answer",
  key: 'The day it is computed for',
  tables: DASHBOARD_TABLES,
  maxEntries: 4,
});

/**
 * The landing page's figures for `today` (the operator's day by default, core/clock.ts). `versions`: those the read
 * request holds (engine/count-cache.ts), compared with the kept answers' own.
 */
export function dashboard(
  db: Kysely<DB>,
  dialect: Dialect,
  today = operatorToday(),
  versions?: KnownVersions,
): Promise<Dashboard> {
  return answers(db, today, () => computeDashboard(db, dialect, today, versions), versions);
}

async function computeDashboard(
  db: Kysely<DB>,
  dialect: Dialect,
  today: string,
  versions?: KnownVersions,
): Promise<Dashboard> {
  const end = addDays(today, DASHBOARD_DAYS);
  const season = Number(today.slice(0, 4));
  const [flights, pending, attention, months] = await Promise.all([
    weekFlightAnswers(db, today, () => weekFlights(db, today, end, versions), versions),
    pendingPassengersByDay(db, today, end),
    attentionRows(db, today),
    monthlyFigures(db, dialect, season, versions),
  ]);
  const days = Array.from({ length: DASHBOARD_DAYS + 1 }, (_, i) => addDays(today, i));
  return {
    today,
    season,
    flights,
    pending_passengers: days.map((date) => ({ date, count: pending.get(date) ?? 0 })),
    attention: attentionItems(attention, today),
    months,
  };
}
