import {
  addDays,
  BOOKING_STATUSES,
  expiringMonths,
  FLIGHT_STATUSES,
  monthFrom,
  reportMonths,
  VOUCHER_REPORT_MONTHS,
  type VoucherReport,
  type VoucherReportGroup,
} from '@app/domain';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { csvLine } from '../core/csv-line.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { answerCache } from '../engine/answer-cache.js';

// GET /api/reports/vouchers (issue 29 point 4): what the vouchers are worth at a date. A voucher is a booking; it
// is outstanding at `at` when it was bought by then and was not yet closed: open today (pending, in progress), or
// closed after `at`. When a booking closed is read from what the product records:
// - completed ('Terminée'): the day of the last realized flight carrying one of its passengers. A booking completed
//   by hand without any realized flight has no such day: it is neither outstanding nor flown (telling it apart
//   costs a look at every completed booking's passengers, seconds on 100,000 bookings, for a rare case);
// - expired ('Périmée'): the day after its last valid day, when the daily job turns it (no validity date: the day
//   of its last change);
// - canceled ('Annulée'): the day of its refund when 'Rembourser' recorded one (the booking is canceled with it),
//   else the day of its last change (a canceled booking is no longer edited), UTC.
// The purchase day is `booked_at`, the creation day when missing. Months: sold = bought in the month (a canceled
// booking is no sale, as on the dashboard, unless it was refunded: the sale happened, the refund took it back),
// flown = completed in the month, expired = turned 'Périmée' in the month unused (breakage), refunded = the
// refunded amounts recorded in the month. Every other amount is the booking's total. Sums are in integer cents in
// SQL (no float drift), given back as euros with two decimals.
//
// Two aggregated statements whatever the data; the answer is kept per `at` while the tables it reads are
// unchanged (engine/answer-cache.ts, the dashboard's rule).

const OPEN = [BOOKING_STATUSES.pending.id, BOOKING_STATUSES.inProgress.id];
const COMPLETED = BOOKING_STATUSES.completed.id;
const CANCELED = BOOKING_STATUSES.canceled.id;
const EXPIRED = BOOKING_STATUSES.expired.id;
const REALIZED = FLIGHT_STATUSES.realized.id;

/** Labels of the groups whose booking names no origin or business provider. */
export const NO_ORIGIN_LABEL = 'Origine non renseignée';
export const NO_BUSINESS_PROVIDER_LABEL = 'Sans apporteur';

type Sql = RawBuilder<unknown>;

/** The SQL pieces that differ between the engines. */
function dialectSql(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    /** A bound YYYY-MM-DD compared with date columns. */
    day: (value: string): Sql => (pg ? sql`cast(${value} as date)` : sql`${value}`),
    /** The (UTC) day of a timestamp column. */
    dayOf: (column: string): Sql =>
      pg ? sql`cast(${sql.ref(column)} at time zone 'UTC' as date)` : sql`substr(${sql.ref(column)}, 1, 10)`,
    /** 'YYYY-MM' of a date expression. */
    month: (expression: Sql): Sql => (pg ? sql`to_char(${expression}, 'YYYY-MM')` : sql`substr(${expression}, 1, 7)`),
    /** The day after a date column. */
    nextDay: (column: string): Sql => (pg ? sql`(${sql.ref(column)} + 1)` : sql`date(${sql.ref(column)}, '+1 day')`),
    /** An amount column in integer cents (null: 0). */
    cents: (column: string): Sql => sql`cast(round(coalesce(${sql.ref(column)}, 0) * 100) as bigint)`,
  };
}

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Euros with two decimals from a sum of cents (a bigint sum comes back as text from PostgreSQL). */
const euros = (cents: unknown): number => Number(cents ?? 0) / 100;

type OutstandingRow = {
  origin_id: number | null;
  provider_id: number | null;
  expiring_month: string | null;
  n: number | string;
  pax: number | string | null;
  total: number | string | null;
  paid: number | string | null;
};
type MonthRow = { k: 'sold' | 'flown' | 'expired' | 'refunded'; m: string; amount: number | string | null };

async function outstandingRows(db: Kysely<DB>, dialect: Dialect, at: string): Promise<OutstandingRow[]> {
  const d = dialectSql(dialect);
  // The month after the last one listed: 'YYYY-MM' texts compare as the months they name.
  const afterExpiring = monthFrom(at, VOUCHER_REPORT_MONTHS);
  // The bookings flown after `at`: few, found from the flights (status and date index), not booking by booking.
  const realizedAfter = sql`b.id in (select p.booking_id from flights f
      join registrations r on r.flight_id = f.id
      join passengers p on p.id = r.passenger_id
      where f.flight_status_id = ${REALIZED} and f.scheduled_date > ${d.day(at)})`;
  const changedAfter = sql`${d.dayOf('b.updated_at')} > ${d.day(at)}`;
  const canceledAfter = sql`coalesce(b.refunded_on, ${d.dayOf('b.updated_at')}) > ${d.day(at)}`;
  const expiringMonth = d.month(sql.ref('b.validity_date'));
  const { rows } = await sql<OutstandingRow>`
    select b.booking_origin_id as origin_id, b.business_provider_id as provider_id,
      case when b.validity_date >= ${d.day(at)} and ${expiringMonth} < ${afterExpiring} then ${expiringMonth} end
        as expiring_month,
      count(*) as n, sum(b.passengers_number) as pax, sum(${d.cents('b.total_amount')}) as total,
      sum(${d.cents('b.paid_amount')}) as paid
    from bookings b
    where coalesce(b.booked_at, ${d.dayOf('b.created_at')}) <= ${d.day(at)}
      and (b.booking_status_id in (${list(OPEN)})
        or (b.booking_status_id = ${EXPIRED}
          and (b.validity_date >= ${d.day(at)} or (b.validity_date is null and ${changedAfter})))
        or (b.booking_status_id = ${CANCELED} and ${canceledAfter})
        or (b.booking_status_id = ${COMPLETED} and ${realizedAfter}))
    group by 1, 2, 3
  `.execute(db);
  return rows;
}

async function monthRows(db: Kysely<DB>, dialect: Dialect, at: string): Promise<MonthRow[]> {
  const d = dialectSql(dialect);
  const from = `${reportMonths(at)[0]}-01`;
  const purchase = sql`coalesce(b.booked_at, ${d.dayOf('b.created_at')})`;
  const changed = d.dayOf('b.updated_at');
  const { rows } = await sql<MonthRow>`
    select 'sold' as k, ${d.month(purchase)} as m, sum(${d.cents('b.total_amount')}) as amount
      from bookings b
      where (b.booking_status_id <> ${CANCELED} or b.refunded_on is not null)
        and ((b.booked_at >= ${d.day(from)} and b.booked_at <= ${d.day(at)})
          or (b.booked_at is null and ${d.dayOf('b.created_at')} >= ${d.day(from)}
            and ${d.dayOf('b.created_at')} <= ${d.day(at)}))
      group by 2
    union all
    select 'flown', ${d.month(sql.ref('latest.d'))}, sum(${d.cents('b.total_amount')})
      from (select p.booking_id as id, max(f.scheduled_date) as d
          from flights f
          join registrations r on r.flight_id = f.id
          join passengers p on p.id = r.passenger_id
          where f.flight_status_id = ${REALIZED} and f.scheduled_date >= ${d.day(from)}
          group by p.booking_id) latest
      join bookings b on b.id = latest.id
      where b.booking_status_id = ${COMPLETED} and latest.d <= ${d.day(at)}
      group by 2

    union all
    select 'expired', ${d.month(d.nextDay('b.validity_date'))}, sum(${d.cents('b.total_amount')})
      from bookings b
      where b.booking_status_id = ${EXPIRED}
        and b.validity_date >= ${d.day(addDays(from, -1))} and b.validity_date <= ${d.day(addDays(at, -1))}
      group by 2
    union all
    select 'expired', ${d.month(changed)}, sum(${d.cents('b.total_amount')})
      from bookings b
      where b.booking_status_id = ${EXPIRED} and b.validity_date is null
        and ${changed} >= ${d.day(from)} and ${changed} <= ${d.day(at)}
      group by 2
    union all
    select 'refunded', ${d.month(sql.ref('b.refunded_on'))}, sum(${d.cents('b.refunded_amount')})
      from bookings b
      where b.refunded_on >= ${d.day(from)} and b.refunded_on <= ${d.day(at)}
      group by 2
  `.execute(db);
  return rows;
}

async function labels(db: Kysely<DB>, table: 'booking_origins' | 'business_providers'): Promise<Map<number, string>> {
  const rows = await db.selectFrom(table).select(['id', 'label']).execute();
  return new Map(rows.map((r) => [r.id, r.label]));
}

type Sum = { count: number; cents: number };

/** Groups by id, the largest amount first (then by label). */
function groups(sums: Map<number | null, Sum>, names: Map<number, string>, noneLabel: string): VoucherReportGroup[] {
  return [...sums.entries()]
    .map(([id, sum]) => ({
      id,
      label: id === null ? noneLabel : (names.get(id) ?? `#${id}`),
      count: sum.count,
      total_amount: euros(sum.cents),
      cents: sum.cents,
    }))
    .sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label, 'fr'))
    .map(({ cents: _cents, ...group }) => group);
}

function add(sums: Map<number | null, Sum>, key: number | null, count: number, cents: number): void {
  const sum = sums.get(key) ?? { count: 0, cents: 0 };
  sum.count += count;
  sum.cents += cents;
  sums.set(key, sum);
}

/** Every table the answer reads (the refunds, once recorded, are booking fields). */
const REPORT_TABLES = ['booking_origins', 'bookings', 'business_providers', 'flights', 'passengers', 'registrations'];
const answers = answerCache<VoucherReport>({
  name: 'services/vouchers-report.ts (vouchersReport)',
  keeps: 'The vouchers report at a date',
  key: 'The date',
  tables: REPORT_TABLES,
  maxEntries: 8,
});

/** The report at `at` (YYYY-MM-DD, already validated). */
export function vouchersReport(db: Kysely<DB>, dialect: Dialect, at: string): Promise<VoucherReport> {
  return answers(db, at, () => computeVouchersReport(db, dialect, at));
}

/** The report computed afresh, without the kept answer (the bench's floor). */
export async function computeVouchersReport(db: Kysely<DB>, dialect: Dialect, at: string): Promise<VoucherReport> {
  const [outstanding, months, origins, providers] = await Promise.all([
    outstandingRows(db, dialect, at),
    monthRows(db, dialect, at),
    labels(db, 'booking_origins'),
    labels(db, 'business_providers'),
  ]);
  let count = 0;
  let passengers = 0;
  let total = 0;
  let paid = 0;
  const byOrigin = new Map<number | null, Sum>();
  const byProvider = new Map<number | null, Sum>();
  const expiring = new Map<string, Sum>(expiringMonths(at).map((m) => [m, { count: 0, cents: 0 }]));
  for (const row of outstanding) {
    const n = Number(row.n);
    const cents = Number(row.total ?? 0);
    count += n;
    passengers += Number(row.pax ?? 0);
    total += cents;
    paid += Number(row.paid ?? 0);
    add(byOrigin, row.origin_id === null ? null : Number(row.origin_id), n, cents);
    add(byProvider, row.provider_id === null ? null : Number(row.provider_id), n, cents);
    const month = row.expiring_month === null ? undefined : expiring.get(row.expiring_month);
    if (month) {
      month.count += n;
      month.cents += cents;
    }
  }
  const past = new Map(
    reportMonths(at).map((m) => [m, { sold: 0, flown: 0, expired: 0, refunded: 0 } as Record<MonthRow['k'], number>]),
  );
  for (const row of months) {
    const month = past.get(row.m);
    if (month) month[row.k] += Number(row.amount ?? 0);
  }
  return {
    at,
    outstanding: {
      count,
      passengers,
      total_amount: euros(total),
      paid_amount: euros(paid),
      by_origin: groups(byOrigin, origins, NO_ORIGIN_LABEL),
      by_business_provider: groups(byProvider, providers, NO_BUSINESS_PROVIDER_LABEL),
    },
    expiring: [...expiring.entries()].map(([month, sum]) => ({
      month,
      count: sum.count,
      total_amount: euros(sum.cents),
    })),
    months: [...past.entries()].map(([month, sum]) => ({
      month,
      sold_amount: euros(sum.sold),
      flown_amount: euros(sum.flown),
      expired_amount: euros(sum.expired),
      refunded_amount: euros(sum.refunded),
    })),
  };
}

const amount = (euros: number) => euros.toFixed(2).replace('.', ',');
/** 'YYYY-MM' → 'MM/YYYY', as a French spreadsheet reads a month. */
const monthCell = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The report as the CSV the page downloads (the list exports' conventions: `;`, decimal commas, DD/MM/YYYY, French
 * headers), one block per table of the page, separated by an empty line.
 */
export function vouchersReportCsv(report: VoucherReport): string {
  const { outstanding } = report;
  const lines: string[][] = [
    ['Rapport des bons au', `${report.at.slice(8, 10)}/${report.at.slice(5, 7)}/${report.at.slice(0, 4)}`],
    [],
    ['Bons en cours', 'Nombre', 'Passagers', 'Montant total (€)', 'Montant payé (€)'],
    [
      'Total',
      String(outstanding.count),
      String(outstanding.passengers),
      amount(outstanding.total_amount),
      amount(outstanding.paid_amount),
    ],
    [],
    ['Origine', 'Nombre', 'Montant total (€)'],
    ...outstanding.by_origin.map((g) => [g.label, String(g.count), amount(g.total_amount)]),
    [],
    ['Apporteur', 'Nombre', 'Montant total (€)'],
    ...outstanding.by_business_provider.map((g) => [g.label, String(g.count), amount(g.total_amount)]),
    [],
    ["Mois d'expiration", 'Nombre', 'Montant total (€)'],
    ...report.expiring.map((m) => [monthCell(m.month), String(m.count), amount(m.total_amount)]),
    [],
    ['Mois', 'Vendu (€)', 'Volé (€)', 'Périmé (€)', 'Remboursé (€)'],
    ...report.months.map((m) => [
      monthCell(m.month),
      amount(m.sold_amount),
      amount(m.flown_amount),
      amount(m.expired_amount),
      amount(m.refunded_amount),
    ]),
  ];
  return `\uFEFF${lines.map((cells) => csvLine(cells)).join('')}`;
}
