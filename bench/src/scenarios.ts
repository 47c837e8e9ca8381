import { BOOKING_PAGE_QUERY, bookingPath, formatListQuery } from '@app/domain';
import { computeVouchersReport, type Database, dashboard } from '@app/server';
import { sql } from 'kysely';
import { BENCH_TODAY } from './generate.js';

// The measured calls (a–d: lists, planning, flight; e–g: the booking page's reads and a filtered, searched status
// list), each with its "floor": the same answer produced by hand-written SQL through the driver in the bench
// process (no HTTP, no auth, no query language), as a competent developer would write it for that one screen.
// The server's throughput is compared with it.

export type ScenarioKey = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p';
export const SCENARIO_KEYS: readonly ScenarioKey[] = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'g',
  'h',
  'i',
  'j',
  'k',
  'l',
  'm',
  'n',
  'o',
  'p',
];
export const DEFAULT_SCENARIOS: readonly ScenarioKey[] = SCENARIO_KEYS;

export type Scenario = {
  key: ScenarioKey;
  label: string;
  /** How the floor was written, when it depends on the schema. */
  note?: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** One execution of the hand-written SQL; its result is serialised like a response would be. */
  floor: () => Promise<unknown>;
  /**
   * A write made of several calls (l): the requests each connection sends in turn, the next ones using what the
   * first answered (autocannon's `setupRequest`/`onResponse` with a context per connection). Its rate is counted
   * in operations (the whole sequence), not in HTTP requests.
   */
  sequence?: SequenceStep[];
  /** A sequence counted in requests, not in whole operations (the office mix, p). */
  countsRequests?: boolean;
  /** The p99 target of this scenario when it is not the lists' (searches: 30 ms). */
  p99TargetMs?: number;
  /** Run once the scenario and its floor are measured: removes what a write scenario added. */
  cleanup?: () => Promise<void>;
};

export type SequenceContext = { bookingId?: number; number?: string; n?: number };
export type SequenceStep = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body: (context: SequenceContext) => string | undefined;
  onResponse?: (body: string, context: SequenceContext) => void;
};

export type ScenarioParams = {
  lastName: string;
  day: string;
  flightId: number;
  bookingId: number;
  referentId: number;
  locationId: number;
};

/** Picks realistic parameters from the dataset: a common last name, the busiest coming day, the fullest flight. */
export async function pickParams(database: Database, today: string): Promise<ScenarioParams> {
  const { db } = database;
  // A simple name (no compound): "Garnier" also finds "Garnier-Dubois"..., as staff searching would.
  const middle = await db
    .selectFrom('passengers')
    .select('last_name')
    .where('id', '>=', sql<number>`(select max(id) / 2 from passengers)`)
    .where('last_name', 'not like', '%-%')
    .where('last_name', 'not like', '% %')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const busiest = await db
    .selectFrom('flights')
    .select(['scheduled_date', sql<number>`count(*)`.as('n')])
    .where('scheduled_date', '>=', today)
    .groupBy('scheduled_date')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('scheduled_date')
    .limit(1)
    .executeTakeFirst();
  const fullest = await db
    .selectFrom('registrations')
    .select(['flight_id', sql<number>`count(*)`.as('n')])
    .groupBy('flight_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('flight_id')
    .limit(1)
    .executeTakeFirst();
  // The booking page of a booking with many passengers, and the location most pending bookings ask for.
  const largest = await db
    .selectFrom('passengers')
    .select(['booking_id', sql<number>`count(*)`.as('n')])
    .groupBy('booking_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('booking_id')
    .limit(1)
    .executeTakeFirst();
  const commonLocation = await db
    .selectFrom('bookings')
    .select(['location_id', sql<number>`count(*)`.as('n')])
    .where('booking_status_id', '=', 1)
    .where('location_id', 'is not', null)
    .groupBy('location_id')
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    lastName: middle?.last_name ?? 'Martin',
    day: busiest?.scheduled_date ?? today,
    flightId: fullest?.flight_id ?? 1,
    bookingId: largest?.booking_id ?? 1,
    referentId:
      (
        await db
          .selectFrom('passengers')
          .select('id')
          .where('booking_id', '=', largest?.booking_id ?? 1)
          .where('is_referent', '=', 1)
          .executeTakeFirst()
      )?.id ?? 1,
    locationId: commonLocation?.location_id ?? 1,
  };
}

const addDaysIso = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const foldContains = (text: string) =>
  `%${text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function buildScenarios(database: Database, params: ScenarioParams): Promise<Scenario[]> {
  const { db, dialect } = database;
  const pending = 'pending';
  const pageSize = 10;

  // (a) pending bookings, page 1, with referent passenger, location, prestation and passenger count.
  // The page's ids first (index only), then the ten rows and their lookups: the join runs on 10 rows, not all.
  // The limit is a literal: bound, SQLite plans for an unknown row count and scans.
  const pageOfBookings = (where: ReturnType<typeof sql>, ids?: ReturnType<typeof sql>) =>
    sql`
      with page as (${ids ?? sql`select b.id from bookings b where ${where}`} order by 1 desc limit ${sql.lit(pageSize)})
      select b.*,
        (select count(*) from passengers pc where pc.booking_id = b.id) as passengers_count,
        rp.id as rp_id, rp.first_name as rp_first_name, rp.last_name as rp_last_name, rp.department as rp_department,
        l.label as location_label, pr.label as prestation_label
      from page
      join bookings b on b.id = page.id
      left join passengers rp on rp.booking_id = b.id and rp.is_referent = 1
      left join locations l on l.id = b.location_id
      left join prestations pr on pr.id = b.prestation_id
      order by b.id desc`;
  const pendingWhere = sql`b.booking_status_id in (select id from booking_statuses where slug = ${pending})`;
  // (k) the same list on the status holding most bookings (completed: about 70,000): the exact total is the cost.
  const completedWhere = sql`b.booking_status_id in (select id from booking_statuses where slug = ${'completed'})`;
  const floorK = async () => {
    const [count, page] = await Promise.all([
      sql<{ n: number }>`select count(*) as n from bookings b where ${completedWhere}`.execute(db),
      pageOfBookings(completedWhere).execute(db),
    ]);
    return { data: page.rows, count: Number(count.rows[0]?.n ?? 0) };
  };
  // (l) a booking sold on the phone: the booking, then its two passengers, each write in its own transaction as
  // the three calls are; numbers unique per process and call.
  let written = 0;
  const writeTag = `${process.pid}-${Date.now().toString(36)}`;
  const floorBooking = async () => {
    written += 1;
    const number = `FL-${writeTag}-${written}`;
    const booking = await db
      .insertInto('bookings')
      .values({ number, booked_at: '2026-06-15', passengers_number: 2, booking_status_id: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { number, booking };
  };
  const floorL = async () => {
    const { number, booking } = await floorBooking();
    for (const [i, last] of ['Martin', 'Bernard'].entries()) {
      await db
        .insertInto('passengers')
        .values({
          booking_id: booking.id,
          ticket_number: `${number}-${i + 1}`,
          first_name: 'Banc',
          last_name: last,
          is_referent: i === 0 ? 1 : 0,
        })
        .execute();
    }
    return booking;
  };
  const floorA = async () => {
    const [count, page] = await Promise.all([
      sql<{ n: number }>`select count(*) as n from bookings b where ${pendingWhere}`.execute(db),
      pageOfBookings(pendingWhere).execute(db),
    ]);
    return { data: page.rows, count: Number(count.rows[0]?.n ?? 0) };
  };

  // (b) search on a last name: bookings whose number, alternative number, customer or passenger name contains it.
  // Through the tables of distinct values that migration 0004 indexes, when they exist (SQLite: FTS5 trigram
  // `<table>_<column>_terms_fts`; PostgreSQL: pg_trgm on fold(value) of `<table>_<column>_terms`), then the
  // columns' own B-tree indexes; otherwise a folded LIKE on the rows.
  const termsTable = 'passengers_last_name_terms';
  const hasTerms =
    dialect === 'sqlite'
      ? (await sql`select 1 from sqlite_master where name = ${`${termsTable}_fts`}`.execute(db)).rows.length > 0
      : (
          await sql`select 1 from pg_tables where tablename = ${termsTable} and schemaname = current_schema()`.execute(
            db,
          )
        ).rows.length > 0;
  const phrase = `"${params.lastName.replace(/"/g, '""')}"`;
  const like = foldContains(params.lastName);
  // PostgreSQL, migration 0005: the terms' folded text is a stored column carrying the trigram index.
  const hasFolded =
    dialect === 'postgres' &&
    (
      await sql`select 1 from information_schema.columns
        where table_name = ${termsTable} and column_name = 'folded' and table_schema = current_schema()`.execute(db)
    ).rows.length > 0;
  const terms = (table: string) =>
    dialect === 'sqlite'
      ? sql`select value from ${sql.table(table)} where id in
          (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${phrase})`
      : hasFolded
        ? sql`select value from ${sql.table(table)} where folded like ${like}`
        : sql`select value from ${sql.table(table)} where fold(value) like ${like}`;
  const matches = sql`
        select id from bookings where number in (${terms('bookings_number_terms')})
        union select id from bookings where number_alt in (${terms('bookings_number_alt_terms')})
        union select booking_id from passengers where last_name in (${terms('passengers_last_name_terms')})
        union select id from bookings where customer_id in
          (select id from customers where last_name in (${terms('customers_last_name_terms')}))`;
  const searchWhere = hasTerms
    ? sql`b.id in (${matches})`
    : sql`b.id in (
        select id from bookings where fold(number) like ${like} or fold(number_alt) like ${like}
        union select booking_id from passengers where fold(last_name) like ${like}
        union select id from bookings where customer_id in (select id from customers where fold(last_name) like ${like}))`;
  // With the terms tables, the count and the page's ids come straight from the UNION of matching ids, never
  // joined back to bookings (PostgreSQL would walk its whole primary key to do so).
  const floorB = async () => {
    const [count, page] = await Promise.all([
      hasTerms
        ? sql<{ n: number }>`select count(*) as n from (${matches}) as m`.execute(db)
        : sql<{ n: number }>`select count(*) as n from bookings b where ${searchWhere}`.execute(db),
      pageOfBookings(searchWhere, hasTerms ? sql`select id from (${matches}) as m` : undefined).execute(db),
    ]);
    return { data: page.rows, count: Number(count.rows[0]?.n ?? 0) };
  };

  // (c) planning day: flights with lookups and registration totals, events, pending passengers, and each flight's
  // flight file checks (issue 30): the pilot's licence, medical and realized flights of the last 180 days, the
  // balloon's inspection and hours, the masses' inputs. Pending passengers leave out those who have flown (issue 27).
  // A balloon's minutes flown before the day are summed once and kept, as the server keeps them until a flight
  // changes: a hand-written planning screen would not sum ten years of flights at every read either.
  const recentWindow = dialect === 'postgres' ? sql`f.scheduled_date - 180` : sql`date(f.scheduled_date, '-180 days')`;
  const minutesOf = (column: string) => {
    const text = sql`cast(${sql.ref(column)} as text)`;
    return sql`(cast(substr(${text}, 1, 2) as integer) * 60 + cast(substr(${text}, 4, 2) as integer))`;
  };
  let minutesBefore: Promise<unknown[]> | null = null;
  const floorC = async () => {
    minutesBefore ??= sql`
      select balloon_id, sum(${minutesOf('landing_time')} - ${minutesOf('takeoff_time')}) as minutes from flights
      where flight_status_id = 2 and scheduled_date < ${params.day} group by balloon_id`
      .execute(db)
      .then((r) => r.rows);
    const [flights, events, pendingSum, rules, flown, before] = await Promise.all([
      sql`
        select f.*, fs.slug as status_slug, fs.label as status_label, l.label as location_label,
          l.takeoff_altitude, l.flight_max_altitude as location_max_altitude, pr.label as prestation_label,
          b.label as balloon_label, b.passengers as capacity, b.market_mass, b.empty_mass, b.gas_mass, b.volume,
          b.envelope_temperature, b.takeoff_max_mass, b.hourly_consumption, b.flying_time, b.reserve_time,
          b.cylinders, b.registration_number, b.hours_before, b.last_inspection_on, b.hours_at_last_inspection,
          pi.first_name as pilot_first_name, pi.last_name as pilot_last_name, pi.weight as pilot_weight,
          pi.bag_weight, pi.licence_number, pi.licence_expires_on, pi.medical_expires_on,
          t.n as passengers_count, t.w as total_weight, t.weighed,
          (select count(*) from flight_teammates ft where ft.flight_id = f.id and ft.on_board = 1) as teammates,
          (select count(*) from flights p where p.pilot_id = f.pilot_id and p.flight_status_id = 2
            and p.scheduled_date >= ${recentWindow} and p.scheduled_date <= f.scheduled_date and p.id <> f.id
            and (p.scheduled_date < f.scheduled_date or p.scheduled_time < f.scheduled_time)) as recent_flights
        from flights f
        join flight_statuses fs on fs.id = f.flight_status_id
        left join locations l on l.id = f.location_id
        left join prestations pr on pr.id = f.prestation_id
        left join balloons b on b.id = f.balloon_id
        left join pilots pi on pi.id = f.pilot_id
        left join (
          select r.flight_id, count(*) as n, coalesce(sum(p.weight), 0) as w, count(p.weight) as weighed
          from registrations r join passengers p on p.id = r.passenger_id
          where r.flight_id in (select id from flights where scheduled_date = ${params.day})
          group by r.flight_id
        ) t on t.flight_id = f.id
        where f.scheduled_date = ${params.day}
        order by f.scheduled_time`.execute(db),
      sql`select * from events where scheduled_date = ${params.day} order by scheduled_time`.execute(db),
      sql<{ n: number }>`
        select coalesce(sum((select case when b.passengers_number - count(*) > 0 then b.passengers_number - count(*)
          else 0 end from (select 1 as one from flown_registrations fr where fr.booking_id = b.id
          group by fr.passenger_id having sum(fr.delta) > 0) as flown)), 0) as n
        from requested_dates rd join bookings b on b.id = rd.booking_id
        where rd.date = ${params.day} and b.booking_status_id = 1`.execute(db),
      sql`select key, value from settings where key like 'pilot_recency_%' or key like 'balloon_inspection_%'
        or key like 'ofp_%'`.execute(db),
      sql`select id, balloon_id, scheduled_date, scheduled_time, takeoff_time, landing_time from flights
        where flight_status_id = 2 and scheduled_date = ${params.day}
          and balloon_id in (select balloon_id from flights where scheduled_date = ${params.day})`.execute(db),
      minutesBefore,
    ]);
    return {
      items: [...flights.rows, ...events.rows],
      pending_passengers: Number(pendingSum.rows[0]?.n ?? 0),
      rules: rules.rows,
      flown: flown.rows,
      before,
    };
  };

  // (d) a flight's detail with its lookups, teammates, passenger count and the inputs of flight_masses.
  const floorD = async () => {
    const [flight, teammates] = await Promise.all([
      sql`
        select f.*, l.label as location_label, l.takeoff_altitude, b.label as balloon_label, b.passengers as capacity,
          b.empty_mass, b.gas_mass, b.volume, b.envelope_temperature, b.hourly_consumption, b.flying_time,
          b.reserve_time, pi.first_name as pilot_first_name, pi.last_name as pilot_last_name, pi.weight as pilot_weight,
          pi.bag_weight, ft.label as flight_type_label, fs.slug as status_slug,
          (select count(*) from registrations r where r.flight_id = f.id) as passengers_count,
          (select coalesce(sum(p.weight), 0) from registrations r join passengers p on p.id = r.passenger_id
            where r.flight_id = f.id) as passengers_weight,
          (select value from settings where key = 'ofp_passenger_supplement') as supplement
        from flights f
        left join locations l on l.id = f.location_id
        left join balloons b on b.id = f.balloon_id
        left join pilots pi on pi.id = f.pilot_id
        left join flight_types ft on ft.id = f.flight_type_id
        join flight_statuses fs on fs.id = f.flight_status_id
        where f.id = ${params.flightId}`.execute(db),
      sql`
        select t.* from teammates t join flight_teammates ft on ft.teammate_id = t.id
        where ft.flight_id = ${params.flightId}`.execute(db),
    ]);
    return { ...(flight.rows[0] as object), teammates: teammates.rows };
  };

  // (e) the booking page's read: the booking, its lookups, slots, referent, passenger count.
  const floorE = async () => {
    const [booking, slots] = await Promise.all([
      sql`
        select b.*, c.first_name as c_first_name, c.last_name as c_last_name, c.company_name, c.email as c_email,
          c.phone as c_phone, ct.label as customer_type_label, l.label as location_label, pr.label as prestation_label,
          bs.slug as status_slug, bo.label as origin_label, bp.label as provider_label, pm.label as payment_label,
          rp.id as rp_id, rp.first_name as rp_first_name, rp.last_name as rp_last_name, rp.department as rp_department,
          (select count(*) from passengers pc where pc.booking_id = b.id) as passengers_count
        from bookings b
        left join customers c on c.id = b.customer_id
        left join customer_types ct on ct.id = c.customer_type_id
        left join locations l on l.id = b.location_id
        left join prestations pr on pr.id = b.prestation_id
        join booking_statuses bs on bs.id = b.booking_status_id
        left join booking_origins bo on bo.id = b.booking_origin_id
        left join business_providers bp on bp.id = b.business_provider_id
        left join payment_methods pm on pm.id = b.payment_method_id
        left join passengers rp on rp.booking_id = b.id and rp.is_referent = 1
        where b.id = ${params.bookingId}`.execute(db),
      sql`select fs.* from flight_schedules fs join booking_flight_schedules bfs on bfs.flight_schedule_id = fs.id
        where bfs.booking_id = ${params.bookingId} order by fs.position`.execute(db),
    ]);
    return { ...(booking.rows[0] as object), flight_schedules: slots.rows };
  };

  // (j) the booking page's second read: the referent's next and realized flights with their location.
  const floorJ = async () => {
    const referent = await sql<{ id: number }>`
      select id from passengers where booking_id = ${params.bookingId} and is_referent = 1`.execute(db);
    const id = referent.rows[0]?.id ?? 0;
    const flights = await sql`select f.*, l.label as location_label, r.passenger_id from registrations r
      join flights f on f.id = r.flight_id left join locations l on l.id = f.location_id
      where r.passenger_id = ${id} and f.flight_status_id in (1, 2)
      order by f.scheduled_date, f.scheduled_time`.execute(db);
    return { id, flights: flights.rows };
  };

  // (f) the passengers tab: a booking's passengers with their type and flights count.
  const floorF = async () =>
    (
      await sql`
        select p.*, pt.label as passenger_type_label,
          (select count(*) from registrations r where r.passenger_id = p.id) as flights_count
        from passengers p left join passenger_types pt on pt.id = p.passenger_type_id
        where p.booking_id = ${params.bookingId}
        order by p.is_referent desc, p.id`.execute(db)
    ).rows;

  // (g) the pending list narrowed by a location and searched by a last name, with the list's embeds.
  const narrowed = sql`${searchWhere} and ${pendingWhere} and b.location_id = ${params.locationId}`;
  const floorG = async () => {
    const [count, page] = await Promise.all([
      sql<{ n: number }>`select count(*) as n from bookings b where ${narrowed}`.execute(db),
      pageOfBookings(narrowed).execute(db),
    ]);
    // The page's customers and requested dates by the ten ids, as the embeds do.
    const rows = page.rows as { id: number; customer_id: number | null }[];
    const ids = rows.map((row) => row.id);
    const customerIds = [...new Set(rows.flatMap((row) => (row.customer_id === null ? [] : [row.customer_id])))];
    const [dates, customers] = await Promise.all([
      ids.length
        ? sql`select * from requested_dates where booking_id in (${sql.join(ids)}) order by date`.execute(db)
        : { rows: [] },
      customerIds.length
        ? sql`select * from customers where id in (${sql.join(customerIds)})`.execute(db)
        : { rows: [] },
    ]);
    return { data: page.rows, dates: dates.rows, customers: customers.rows, count: Number(count.rows[0]?.n ?? 0) };
  };

  // (h) the planning calendar's month: every flight of the six weeks shown with its balloon, location and
  // registration count, the events, and the pending passengers of each day.
  const monthFrom = `${params.day.slice(0, 8)}01`;
  const monthTo = addDaysIso(monthFrom, 41);
  const floorH = async () => {
    const [flights, events, pendingByDay] = await Promise.all([
      sql`
        select f.id, f.scheduled_date, f.scheduled_time, f.flight_status_id, f.is_public, b.label as balloon_label,
          b.passengers as seats, l.label as location_label, t.n as passengers_count
        from flights f
        left join balloons b on b.id = f.balloon_id
        left join locations l on l.id = f.location_id
        left join (
          select r.flight_id, count(*) as n from registrations r join flights rf on rf.id = r.flight_id
          where rf.scheduled_date between ${monthFrom} and ${monthTo} group by r.flight_id
        ) t on t.flight_id = f.id
        where f.scheduled_date between ${monthFrom} and ${monthTo}
        order by f.scheduled_date, f.scheduled_time, f.id`.execute(db),
      sql`select id, scheduled_date, scheduled_time, title from events
        where scheduled_date between ${monthFrom} and ${monthTo} order by scheduled_date, scheduled_time, id`.execute(
        db,
      ),
      sql`select rd.date, sum(b.passengers_number) as n from requested_dates rd join bookings b on b.id = rd.booking_id
        where rd.date between ${monthFrom} and ${monthTo} and b.booking_status_id = 1 group by rd.date`.execute(db),
    ]);
    return { flights: flights.rows, events: events.rows, pending: pendingByDay.rows };
  };

  // (i) the add-passengers dialog's search by a last name: up to 20 bookings with a passenger of that name, with
  // their passengers marked when already on the flight.
  const floorI = async () => {
    const found = await sql<{ id: number }>`
      select distinct p.booking_id as id from passengers p
      where p.last_name in (${terms('passengers_last_name_terms')})
      order by 1 desc limit 20`.execute(db);
    const ids = found.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [bookingRows, passengerRows] = await Promise.all([
      sql`select b.*, bs.slug as status_slug from bookings b join booking_statuses bs on bs.id = b.booking_status_id
        where b.id in (${sql.join(ids)})`.execute(db),
      sql`select p.*, exists(select 1 from registrations r where r.passenger_id = p.id and r.flight_id = ${params.flightId})
          as is_registered
        from passengers p where p.booking_id in (${sql.join(ids)}) order by p.booking_id, p.is_referent desc, p.id`.execute(
        db,
      ),
    ]);
    return { bookings: bookingRows.rows, passengers: passengerRows.rows };
  };

  // (m) the public planning widget (issue 11, target 1,000 req/s): the coming public, planned flights of the next
  // 92 days outside restrictive locations, with location, prestation and seats left. The server keeps its answer a
  // few seconds (services/public-planning.ts); the floor is the uncached read, so the ratio shows what the cache buys.
  const floorM = async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    const to = new Date(Date.parse(`${today}T00:00:00Z`) + 92 * 86_400_000).toISOString().slice(0, 10);
    const rows = await sql`
      select f.id, f.scheduled_date, f.scheduled_time, l.id as location_id, l.label as location_label,
        p.id as prestation_id, p.label as prestation_label, b.passengers as seats,
        (select count(*) from registrations r where r.flight_id = f.id) as taken
      from flights f
      left join locations l on l.id = f.location_id
      left join prestations p on p.id = f.prestation_id
      left join balloons b on b.id = f.balloon_id
      where f.is_public = 1 and f.flight_status_id = 1 and f.scheduled_date >= ${today} and f.scheduled_date <= ${to}
        and (f.location_id is null or l.is_restrictive = 0)
      order by f.scheduled_date, f.scheduled_time, f.id limit 501`.execute(db);
    return rows.rows;
  };

  const searchStrategy = hasTerms
    ? `tables de termes indexées (trigrammes${hasFolded ? ', colonne folded' : ''}), UNION des identifiants`
    : 'fold() LIKE sur les lignes';
  const scenarios: Scenario[] = [
    {
      key: 'a',
      label: 'réservations en attente (liste)',
      method: 'GET',
      path: '/api/bookings?filters=booking_status.slug|=|pending&embed=referent_passenger,location,prestation&count=passengers&page=1',
      floor: floorA,
    },
    {
      // (n) the landing page (issue 12): its figures are already hand-written, aggregated SQL (services/dashboard.ts),
      // so the floor is that service called through the driver, without HTTP, session or serialisation by Fastify.
      key: 'n',
      label: 'tableau de bord',
      p99TargetMs: 30,
      note: 'plancher : le service du tableau de bord lui-même (SQL agrégé écrit à la main), sans HTTP',
      method: 'GET',
      path: '/api/dashboard',
      floor: () => dashboard(db, dialect),
    },
    {
      // (o) the vouchers report (issue 29 point 4) at the dataset's reference day: aggregated SQL kept per date as
      // the dashboard's; the floor computes it afresh every time (services/vouchers-report.ts, no kept answer).
      key: 'o',
      label: 'rapport des bons',
      p99TargetMs: 50,
      note: 'plancher : le calcul du rapport sans réponse gardée (SQL agrégé écrit à la main), sans HTTP',
      method: 'GET',
      path: `/api/reports/vouchers?at=${BENCH_TODAY}`,
      floor: () => computeVouchersReport(db, dialect, BENCH_TODAY),
    },
    {
      key: 'k',
      label: 'réservations terminées (≈ 70 000, liste)',
      method: 'GET',
      path: '/api/bookings?filters=booking_status.slug|=|completed&embed=referent_passenger,location,prestation&count=passengers&page=1',
      floor: floorK,
    },
    {
      key: 'l',
      label: 'vente : réservation + 2 passagers (opérations)',
      method: 'POST',
      path: '/api/bookings',
      floor: floorL,
      // Ten thousand 'Banc Martin' sales at the top of the id order would change what the other scenarios read (a
      // search walking the newest bookings first meets none of the searched name there): they go once measured.
      cleanup: async () => {
        const written = sql`select id from bookings where number like ${`BL-${writeTag}-%`} or number like ${`FL-${writeTag}-%`}`;
        await db.transaction().execute(async (trx) => {
          await sql`delete from history_entries where booking_id in (${written})`.execute(trx);
          await sql`delete from passengers where booking_id in (${written})`.execute(trx);
          await sql`delete from bookings where id in (${written})`.execute(trx);
        });
      },
      sequence: [
        {
          method: 'POST',
          path: '/api/bookings',
          body: (c) => {
            c.n = (c.n ?? 0) + 1;
            c.number = `BL-${writeTag}-${Math.random().toString(36).slice(2, 8)}-${c.n}`;
            return JSON.stringify({ number: c.number, booked_at: '2026-06-15', passengers_number: 2 });
          },
          onResponse: (body, c) => {
            c.bookingId = (JSON.parse(body) as { id: number }).id;
          },
        },
        ...['Martin', 'Bernard'].map(
          (last, i): SequenceStep => ({
            method: 'POST',
            path: '/api/passengers',
            body: (c) =>
              JSON.stringify({
                booking_id: c.bookingId,
                ticket_number: `${c.number}-${i + 1}`,
                first_name: 'Banc',
                last_name: last,
                is_referent: i === 0,
              }),
          }),
        ),
      ],
    },
    {
      key: 'm',
      label: 'planning public (widget, sans session)',
      note: 'le serveur garde sa réponse 5 s ; le plancher relit la base à chaque fois. Vols à venir jusqu’au 12/12/2026 seulement dans le jeu de données.',
      method: 'GET',
      path: '/api/public/planning',
      floor: floorM,
    },
    {
      key: 'b',
      label: `recherche « ${params.lastName} »`,
      p99TargetMs: 30,
      note: `plancher : ${searchStrategy}`,
      method: 'GET',
      path: `/api/bookings?search=${encodeURIComponent(params.lastName)}&embed=referent_passenger&page=1`,
      floor: floorB,
    },
    {
      key: 'c',
      label: `planning du ${params.day}`,
      method: 'POST',
      path: '/api/planning/day',
      body: JSON.stringify({ day: params.day }),
      floor: floorC,
    },
    {
      key: 'd',
      label: `détail du vol ${params.flightId}`,
      method: 'GET',
      path: `/api/flights/${params.flightId}?embed=location,balloon,pilot,teammates,flight_type,flight_status&count=passengers&append=flight_masses`,
      floor: floorD,
    },
    {
      key: 'e',
      label: `page de la réservation ${params.bookingId}`,
      method: 'GET',
      // The query the web's booking page sends, so that the bench measures the page as it reads.
      path: `${bookingPath(params.bookingId)}?${formatListQuery(BOOKING_PAGE_QUERY)}`,
      floor: floorE,
    },
    {
      key: 'j',
      label: `vols du référent de la réservation ${params.bookingId}`,
      method: 'GET',
      path: `/api/passengers/${params.referentId}?embed=next_flights.location,realized_flights.location`,
      floor: floorJ,
    },
    {
      key: 'f',
      label: `passagers de la réservation ${params.bookingId}`,
      method: 'GET',
      path: `/api/passengers?filters=booking_id|=|${params.bookingId}&embed=passenger_type&count=flights`,
      floor: floorF,
    },
    {
      key: 'g',
      label: `en attente, lieu ${params.locationId}, « ${params.lastName} »`,
      // Issue 8: the status list with a filter and a search combined, p99 < 15 ms like every list (not 30: a search).
      method: 'GET',
      path: `/api/bookings?filters=booking_status.slug|=|pending,location_id|=|${params.locationId}&search=${encodeURIComponent(params.lastName)}&embed=referent_passenger,customer,location,prestation,requested_dates&page=1`,
      floor: floorG,
    },
    {
      key: 'h',
      label: `planning du mois (${monthFrom} + 6 semaines)`,
      method: 'POST',
      path: '/api/planning/range',
      body: JSON.stringify({ from: monthFrom, to: monthTo }),
      floor: floorH,
    },
    {
      key: 'i',
      label: `ajout de passagers : « ${params.lastName} »`,
      // Issue 9: the add-passengers search, p99 < 15 ms.
      method: 'POST',
      path: '/api/search/passengers-for-flight',
      body: JSON.stringify({ search: params.lastName, flight_id: params.flightId }),
      floor: floorI,
    },
  ];
  return [...scenarios, officeMix(scenarios, floorBooking, writeTag, db)];
}

/** The reads of the office mix: the lists, searches, pages, planning and widget staff and customers open all day. */
const OFFICE_READS: readonly ScenarioKey[] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'm', 'n'];
const OFFICE_WRITE_EVERY = 20;

/**
 * (p) A realistic office: each connection sends the day's reads in turn and, one request in twenty, records a
 * booking; each write drops the kept answers it touches, so the reads after it are computed again as they are in
 * real use (a through o measure each read alone, with its answer kept or, with --uncached, never). The floor runs
 * the same cycle by hand: the reads' floors in turn, the booking's insert in its place.
 */
function officeMix(
  scenarios: readonly Scenario[],
  floorBooking: () => Promise<unknown>,
  writeTag: string,
  db: Database['db'],
): Scenario {
  const reads = OFFICE_READS.map((key) => scenarios.find((s) => s.key === key)).filter((s): s is Scenario => !!s);
  const cycle: (Scenario | 'write')[] = [];
  for (let i = 0; i < OFFICE_WRITE_EVERY - 1; i++) cycle.push(reads[i % reads.length] as Scenario);
  cycle.push('write');
  let turn = 0;
  return {
    key: 'p',
    label: `bureau : ${reads.map((s) => s.key).join(',')} en tour, 1 requête sur ${OFFICE_WRITE_EVERY} une réservation`,
    method: 'GET',
    path: '/api/bookings',
    countsRequests: true,
    floor: () => {
      const step = cycle[turn++ % cycle.length] as Scenario | 'write';
      return step === 'write' ? floorBooking() : step.floor();
    },
    sequence: cycle.map(
      (step): SequenceStep =>
        step === 'write'
          ? {
              method: 'POST',
              path: '/api/bookings',
              body: (c) => {
                c.n = (c.n ?? 0) + 1;
                const number = `BP-${writeTag}-${Math.random().toString(36).slice(2, 8)}-${c.n}`;
                return JSON.stringify({ number, booked_at: '2026-06-15', passengers_number: 2 });
              },
            }
          : { method: step.method, path: step.path, body: () => step.body },
    ),
    cleanup: async () => {
      const written = sql`select id from bookings where number like ${`BP-${writeTag}-%`} or number like ${`FL-${writeTag}-%`}`;
      await db.transaction().execute(async (trx) => {
        await sql`delete from history_entries where booking_id in (${written})`.execute(trx);
        await sql`delete from passengers where booking_id in (${written})`.execute(trx);
        await sql`delete from bookings where id in (${written})`.execute(trx);
      });
    },
  };
}
