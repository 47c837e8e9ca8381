import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addMonths, DEFAULT_VALIDITY_MONTHS } from '@app/domain';
import { createDatabase, type Database, type DB, migrateToLatest, refreshPlannerStatistics } from '@app/server';
import { type Kysely, sql } from 'kysely';
import { createRandom, DEPARTMENTS, FIRST_NAMES, LAST_NAMES, type Random } from './random.js';

// Large deterministic dataset for the benchmark: by default 100,000 bookings (with as many customers),
// about 300,000 passengers, 30,000 flights over ten years, their registrations, requested dates and notes.
// Multi-row inserts with explicit ids, in one transaction; `--scale 0.1` for a tenth of everything.

export const BENCH_TODAY = '2026-06-15';
export const BASE_COUNTS = { bookings: 100_000, flights: 30_000 } as const;
const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type GenerateOptions = { scale: number; seed?: number; log?: (line: string) => void };
export type DatasetSummary = Record<string, number>;

/** bench/.data/bench-<scale>.sqlite unless DATABASE_URL is set. */
export function benchDatabaseUrl(scale: number, env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  return `sqlite://${path.join(BENCH_DIR, '.data', `bench-${scale}.sqlite`)}`;
}

export const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type Row = Record<string, string | number | null>;

/** Inserts rows in multi-row statements sized under both engines' bound-parameter limits. */
async function insertAll(db: Kysely<DB>, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const perBatch = Math.max(1, Math.min(1000, Math.floor(30_000 / columns.length)));
  for (let i = 0; i < rows.length; i += perBatch) {
    const batch = rows.slice(i, i + perBatch);
    const values = sql.join(batch.map((row) => sql`(${sql.join(columns.map((c) => row[c] ?? null))})`));
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${values}`.execute(
      db,
    );
  }
}

const phone = (r: Random) =>
  [`0${r.pick([6, 7])}`, ...Array.from({ length: 4 }, () => String(r.int(0, 99)).padStart(2, '0'))].join(' ');
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-zA-Z0-9.-]/g, '')
    .toLowerCase();

export async function generateDataset(database: Database, options: GenerateOptions): Promise<DatasetSummary> {
  // One transaction: on SQLite it is what makes bulk inserts fast (one journal commit).
  const summary = await database.db.transaction().execute((trx) => fill(trx, options));
  if (database.dialect === 'postgres') {
    // Explicit ids were inserted: move each serial sequence past them.
    for (const table of Object.keys(summary)) {
      if (table === 'flight_teammates') continue;
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT MAX(id) FROM ${sql.table(table)}))`.execute(
        database.db,
      );
    }
  }
  // PostgreSQL: VACUUM too, as autovacuum would after a bulk load (and may be off on a test server): until the
  // visibility map is set, index-only scans visit the heap for every row and the planner prefers sequential scans.
  // SQLite: the statistics the server itself gathers at start (db/planner-statistics.ts), no more.
  if (database.dialect === 'postgres') await sql.raw('VACUUM ANALYZE').execute(database.db);
  else await refreshPlannerStatistics(database);
  return summary;
}

async function fill(db: Kysely<DB>, options: GenerateOptions): Promise<DatasetSummary> {
  const log = options.log ?? (() => {});
  const r = createRandom(options.seed ?? 42);
  const bookingCount = Math.max(10, Math.round(BASE_COUNTS.bookings * options.scale));
  const flightCount = Math.max(10, Math.round(BASE_COUNTS.flights * options.scale));
  const now = `${BENCH_TODAY}T08:00:00.000Z`;
  const spanDays = 3650; // ten years of history...
  const aheadDays = 180; // ...and six months of planning ahead
  const firstDay = addDays(BENCH_TODAY, -spanDays);
  const summary: DatasetSummary = {};
  const insert = async (table: string, rows: Row[]) => {
    const started = Date.now();
    await insertAll(db, table, rows);
    summary[table] = rows.length;
    log(`  ${table}: ${rows.length.toLocaleString('fr-FR')} lignes en ${Date.now() - started} ms`);
  };

  // Reference data
  const locations = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    label: `Site ${i + 1} – ${r.pick(['Beaune', 'Dijon', 'Chalon', 'Vézelay', 'Auxerre', 'Cluny'])}`,
    is_default: i === 0 ? 1 : 0,
    is_restrictive: i % 7 === 0 ? 1 : 0,
    takeoff_altitude: r.int(60, 600),
    flight_max_altitude: r.int(900, 1500),
    risk_factors: null,
  }));
  const labels = (items: string[]) => items.map((label, i) => ({ id: i + 1, label }));
  // A large commercial fleet (6 to 16 seats): 300,000 passengers over 25,000 flown flights is 8 to 12 a flight.
  const fleet = [
    { volume: 4250, passengers: 6 },
    { volume: 6000, passengers: 8 },
    { volume: 8500, passengers: 12 },
    { volume: 10000, passengers: 16 },
  ] as const;
  const balloons = Array.from({ length: 12 }, (_, i) => {
    const { volume, passengers } = fleet[i % fleet.length]!;
    return {
      id: i + 1,
      label: `F-H${String.fromCharCode(65 + i)}${String.fromCharCode(75 + (i % 10))}M`,
      is_default: i === 0 ? 1 : 0,
      passengers,
      takeoff_max_mass: Math.round(volume * 0.35),
      landing_min_mass: 450,
      empty_mass: Math.round(volume * 0.085),
      market_mass: Math.round(volume * 0.13),
      registration_number: `F-H${String.fromCharCode(65 + i)}BL`,
      type: 'Cameron Z',
      volume,
      gas_mass: 100,
      envelope_temperature: 100,
      hourly_consumption: 40,
      autonomy_time: 150,
      flying_time: 75,
      reserve_time: 30,
    };
  });
  await insert('locations', locations);
  await insert(
    'prestations',
    ['Vol classique', 'Vol privatif', 'Vol enfant', 'Bon cadeau', 'Vol découverte', 'Vol séminaire'].map(
      (label, i) => ({
        id: i + 1,
        label,
        is_default: i === 0 ? 1 : 0,
        ticket_template_id: null,
      }),
    ),
  );
  await insert(
    'flight_types',
    ['Vol commercial', 'Vol d’entraînement', 'Vol de contrôle'].map((label, i) => ({
      id: i + 1,
      label,
      is_default: i === 0 ? 1 : 0,
    })),
  );
  await insert(
    'booking_origins',
    labels(['Site internet', 'Téléphone', 'Office de tourisme', 'Bouche-à-oreille', 'Salon', 'Boutique en ligne']),
  );
  await insert('business_providers', labels(Array.from({ length: 10 }, (_, i) => `Apporteur ${i + 1}`)));
  await insert('payment_methods', labels(['Carte bancaire', 'Chèque', 'Espèces', 'Virement', 'ANCV', 'Bon cadeau']));
  await insert('passenger_types', labels(['Adulte', 'Enfant', 'Adolescent', 'Senior']));
  await insert('balloons', balloons);
  await insert(
    'pilots',
    Array.from({ length: 15 }, (_, i) => ({
      id: i + 1,
      first_name: r.pick(FIRST_NAMES),
      last_name: r.pick(LAST_NAMES),
      is_default: i === 0 ? 1 : 0,
      email: null,
      phone: phone(r),
      weight: r.int(60, 95),
      bag_weight: r.int(5, 10),
    })),
  );
  await insert(
    'teammates',
    Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      first_name: r.pick(FIRST_NAMES),
      last_name: r.pick(LAST_NAMES),
      email: null,
      phone: phone(r),
    })),
  );

  // Flights: evenly over the span, mornings and evenings, statuses by date.
  const flights: Row[] = [];
  /** Seats left and status of each flight, to register passengers where a balloon has room. */
  const seatsLeft: number[] = [];
  const statusOf: number[] = [];
  const flightTeammates: Row[] = [];
  const flightNotes: Row[] = [];
  const totalDays = spanDays + aheadDays;
  for (let i = 0; i < flightCount; i += 1) {
    const date = addDays(firstDay, Math.floor((i * totalDays) / flightCount));
    const isMorning = r.chance(0.6);
    const isPast = date < BENCH_TODAY;
    const roll = r.next();
    const status = !isPast ? 1 : roll < 0.75 ? 2 : roll < 0.92 ? 3 : 4;
    const time = isMorning ? r.pick(['06:15:00', '06:30:00', '07:00:00']) : r.pick(['18:30:00', '19:00:00']);
    const location = r.pick(locations);
    const balloon = r.pick(balloons);
    seatsLeft.push(balloon.passengers);
    statusOf.push(status);
    flights.push({
      id: i + 1,
      scheduled_date: date,
      scheduled_time: time,
      is_public: r.chance(0.3) ? 1 : 0,
      takeoff_temperature: isMorning ? r.int(5, 16) : r.int(15, 30),
      flight_max_altitude: location.flight_max_altitude,
      flight_type_id: 1,
      location_id: location.id,
      prestation_id: r.int(1, 6),
      balloon_id: balloon.id,
      pilot_id: r.int(1, 15),
      takeoff_time: status === 2 ? (isMorning ? '06:45:00' : '19:15:00') : null,
      landing_time: status === 2 ? (isMorning ? '08:00:00' : '20:30:00') : null,
      flight_status_id: status,
      created_at: now,
      updated_at: now,
    });
    const first = r.int(1, 30);
    flightTeammates.push({ flight_id: i + 1, teammate_id: first });
    if (r.chance(0.5)) flightTeammates.push({ flight_id: i + 1, teammate_id: (first % 30) + 1 });
    if (r.chance(0.2)) {
      flightNotes.push({
        id: flightNotes.length + 1,
        flight_id: i + 1,
        content: 'Prévoir deux bouteilles de gaz supplémentaires.',
        is_pinned: r.chance(0.5) ? 1 : 0,
        user_id: null,
        created_at: now,
        updated_at: now,
      });
    }
  }
  const flightIndexOf = (date: string): number => {
    const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / 86_400_000);
    return Math.min(flightCount - 1, Math.max(0, Math.floor((days * flightCount) / totalDays)));
  };
  const todayIndex = flightIndexOf(BENCH_TODAY);

  // Customers, bookings, passengers, registrations, requested dates: in purchase order so numbers follow the year.
  const customers: Row[] = [];
  const bookings: Row[] = [];
  const passengers: Row[] = [];
  const registrations: Row[] = [];
  const requestedDates: Row[] = [];
  const links: Row[] = [];
  const sequences = new Map<string, number>();
  for (let i = 0; i < bookingCount; i += 1) {
    const id = i + 1;
    const bookedAt = addDays(firstDay, Math.floor((i * (spanDays - 2)) / bookingCount));
    const year = bookedAt.slice(0, 4);
    const sequence = (sequences.get(year) ?? 0) + 1;
    sequences.set(year, sequence);
    const number = `${year}-${String(sequence).padStart(5, '0')}`;
    const isOld = bookedAt < addDays(BENCH_TODAY, -365);
    const roll = r.next();
    const status = isOld
      ? roll < 0.75
        ? 3
        : roll < 0.83
          ? 4
          : 5
      : roll < 0.45
        ? 1
        : roll < 0.8
          ? 2
          : roll < 0.95
            ? 3
            : 4;
    const count = r.pick([1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 4]); // 3 on average
    const lastName = r.pick(LAST_NAMES);
    const firstName = r.pick(FIRST_NAMES);
    const customerType = r.chance(0.75) ? 2 : r.chance(0.6) ? 3 : 1;
    customers.push({
      id,
      customer_type_id: customerType,
      first_name: firstName,
      last_name: lastName,
      company_name: customerType === 2 ? null : `Société ${lastName}`,
      email: `${ascii(firstName)}.${ascii(lastName)}${id}@exemple.fr`,
      phone: phone(r),
      zip_code: '21200',
      town: 'Beaune',
      country: 'France',
      created_at: `${bookedAt}T09:00:00.000Z`,
      updated_at: now,
    });
    const total = 239 * count;
    const paid = status === 3 ? total : r.chance(0.5) ? total : 0;
    bookings.push({
      id,
      number,
      number_alt: r.chance(0.1) ? `WC-${id}` : null,
      booked_at: bookedAt,
      validity_date: addMonths(bookedAt, DEFAULT_VALIDITY_MONTHS),
      passengers_number: count,
      booking_status_id: status,
      customer_id: id,
      has_pre_flight_infos: status === 2 && r.chance(0.5) ? 1 : 0,
      location_id: r.int(1, locations.length),
      prestation_id: r.int(1, 6),
      booking_origin_id: r.int(1, 6),
      business_provider_id: r.chance(0.2) ? r.int(1, 10) : null,
      paid_amount: paid,
      total_amount: total,
      remaining_amount: total - paid,
      refundable: r.chance(0.2) ? 1 : 0,
      payment_method_id: paid > 0 ? r.int(1, 6) : null,
      created_at: `${bookedAt}T09:00:00.000Z`,
      updated_at: now,
    });
    const passengerIds: number[] = [];
    for (let p = 0; p < count; p += 1) {
      const passengerId = passengers.length + 1;
      const isChild = p > 1 && r.chance(0.4);
      passengers.push({
        id: passengerId,
        booking_id: id,
        ticket_number: `${number}-${String(p + 1).padStart(2, '0')}`,
        first_name: p === 0 ? firstName : r.pick(FIRST_NAMES),
        last_name: p === 0 || r.chance(0.7) ? lastName : r.pick(LAST_NAMES),
        is_referent: p === 0 ? 1 : 0,
        email: p === 0 ? `${ascii(firstName)}${id}@exemple.fr` : null,
        phone: p === 0 ? phone(r) : null,
        department: r.pick(DEPARTMENTS),
        age: isChild ? r.int(7, 15) : r.int(18, 80),
        weight: r.chance(0.05) ? null : isChild ? r.int(25, 45) : r.int(50, 105),
        passenger_type_id: isChild ? 2 : 1,
        created_at: now,
        updated_at: now,
      });
      passengerIds.push(passengerId);
    }
    // Completed: flown some weeks after purchase; in progress: on a coming flight; pending: asked for days.
    // From the wished flight, look back (completed) or ahead (in progress) for one with enough seats left.
    const seatOn = (from: number, step: 1 | -1, wantedStatus: number): number | null => {
      for (let k = 0, i = from; k < 40 && i >= 0 && i < flightCount; k += 1, i += step) {
        if (statusOf[i] === wantedStatus && seatsLeft[i]! >= count) return i;
      }
      return null;
    };
    let flightIndex: number | null = null;
    if (status === 3) {
      const wished = flightIndexOf(addDays(bookedAt, r.int(20, 200)));
      flightIndex = seatOn(wished < todayIndex ? wished : r.int(todayIndex - 300, todayIndex - 1), -1, 2);
    }
    if (status === 2 && r.chance(0.6)) flightIndex = seatOn(r.int(todayIndex, flightCount - 1), 1, 1);
    if (flightIndex !== null) {
      seatsLeft[flightIndex]! -= count;
      for (const passenger_id of passengerIds) {
        registrations.push({ id: registrations.length + 1, flight_id: flightIndex + 1, passenger_id, created_at: now });
      }
    }
    if (status === 1 || status === 2) {
      const days = new Set<number>();
      const wanted = status === 1 ? r.int(1, 3) : r.int(0, 1);
      for (let d = 0; d < wanted; d += 1) days.add(r.int(-30, 120));
      for (const d of days)
        requestedDates.push({ id: requestedDates.length + 1, booking_id: id, date: addDays(BENCH_TODAY, d) });
    }
    if (i > 0 && r.chance(0.01)) {
      links.push({ id: links.length + 1, booking_id: id, linked_booking_id: r.int(1, i), created_at: now });
    }
  }
  await insert('flights', flights);
  await insert('flight_teammates', flightTeammates);
  await insert('flight_notes', flightNotes);
  await insert('customers', customers);
  await insert('bookings', bookings);
  await insert('passengers', passengers);
  await insert('registrations', registrations);
  await insert('requested_dates', requestedDates);
  await insert('booking_links', links);
  const events: Row[] = [];
  for (let d = -spanDays; d < aheadDays; d += 5) {
    events.push({
      id: events.length + 1,
      scheduled_date: addDays(BENCH_TODAY, d),
      scheduled_time: '12:00:00',
      title: 'Réunion d’équipe',
      description: null,
    });
  }
  await insert('events', events);
  return summary;
}

/** Opens (and migrates) the bench database; with `fresh`, a SQLite file is deleted and rebuilt first. */
export async function openBenchDatabase(url: string, options: { fresh?: boolean } = {}): Promise<Database> {
  if (url.startsWith('sqlite://') && options.fresh) {
    const file = url.slice('sqlite://'.length);
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }
  const database = createDatabase(url);
  await migrateToLatest(database.db, database.dialect);
  return database;
}

export async function countBookings(database: Database): Promise<number> {
  const row = await database.db.selectFrom('bookings').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The public planning widget is off by default; the bench dataset has it on, with every column shown, so scenario
 * m reads the full answer. Applied on each run (idempotent): a dataset generated before scenario m gets it too.
 */
async function enablePublicPlanning(database: Database): Promise<void> {
  for (const key of [
    'planning_widgets_enabled',
    'widget_show_location',
    'widget_show_prestation',
    'widget_show_availability',
  ]) {
    await database.db
      .insertInto('settings')
      .values({ key, value: '1' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '1' }))
      .execute();
  }
}

/**
 * Makes sure the database holds a dataset: generates one into an empty database, reuses a filled one.
 * A PostgreSQL database that already has bookings is never emptied here.
 */
export async function ensureDataset(
  scale: number,
  options: { fresh?: boolean; log?: (line: string) => void } = {},
): Promise<{ database: Database; url: string; generated: boolean }> {
  const log = options.log ?? console.log;
  const url = benchDatabaseUrl(scale);
  const database = await openBenchDatabase(url, { fresh: options.fresh });
  const existing = await countBookings(database);
  if (existing > 0) {
    if (options.fresh) {
      await database.destroy();
      throw new Error(
        'La base PostgreSQL contient déjà des réservations : videz-la (ou donnez une base vide) pour --fresh.',
      );
    }
    log(`Jeu de données existant réutilisé : ${existing.toLocaleString('fr-FR')} réservations (${database.dialect}).`);
    // As the server does at start: a dataset analyzed by an earlier bench keeps only what the server would keep.
    await refreshPlannerStatistics(database);
    await enablePublicPlanning(database);
    return { database, url, generated: false };
  }
  log(`Génération du jeu de données (échelle ${scale}, ${database.dialect})...`);
  const started = Date.now();
  const summary = await generateDataset(database, { scale, log });
  log(
    `Jeu de données généré en ${((Date.now() - started) / 1000).toFixed(1)} s : ` +
      `${summary.bookings?.toLocaleString('fr-FR')} réservations, ${summary.passengers?.toLocaleString('fr-FR')} passagers, ` +
      `${summary.flights?.toLocaleString('fr-FR')} vols, ${summary.registrations?.toLocaleString('fr-FR')} inscriptions.`,
  );
  await enablePublicPlanning(database);
  return { database, url, generated: true };
}

export function flag(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index < 0) return undefined;
  const value = args[index + 1];
  return value === undefined || value.startsWith('--') ? '' : value;
}

// `tsx src/generate.ts [--scale 0.1] [--fresh]`: only generate (or check) the dataset.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const scale = Number(flag(args, 'scale') ?? 1);
  if (!(scale > 0)) throw new Error('--scale doit être un nombre positif.');
  const { database } = await ensureDataset(scale, { fresh: args.includes('--fresh') });
  await database.destroy();
}
