// biome-ignore-all lint/suspicious/noExplicitAny: the migrator runs on any database shape
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { Dialect } from './database.js';
import * as initial from './migrations/0001_initial.js';
import * as referenceData from './migrations/0002_reference_data.js';
import * as foldFunction from './migrations/0003_fold_function.js';
import * as textSearchIndexes from './migrations/0004_text_search_indexes.js';
import * as searchCoveringIndexes from './migrations/0005_search_covering_indexes.js';
import * as mailQueue from './migrations/0006_mail_queue.js';
import * as passengerSearchTerms from './migrations/0007_passenger_search_terms.js';
import * as userActivity from './migrations/0008_user_activity.js';
import * as tableVersions from './migrations/0014_table_versions.js';
import * as bookingListIndexes from './migrations/0015_booking_list_indexes.js';
import * as woocommerce from './migrations/0017_woocommerce.js';
import * as registrationRequests from './migrations/0018_registration_requests.js';
import * as voucherValidity from './migrations/0019_voucher_validity.js';
import * as history from './migrations/0020_history.js';
import * as dashboardIndexes from './migrations/0021_dashboard_indexes.js';
import * as passengersBookingNames from './migrations/0022_passengers_booking_names.js';
import * as trigramFastupdateOff from './migrations/0023_trigram_fastupdate_off.js';
import * as openPassengers from './migrations/0024_open_passengers.js';
import * as passwordLinksBound from './migrations/0025_password_links_bound.js';
import * as flightClosures from './migrations/0026_flight_closures.js';
import * as historyLabels from './migrations/0027_history_labels.js';
import * as prestationShopSku from './migrations/0028_prestation_shop_sku.js';
import * as voucherRules from './migrations/0029_voucher_rules.js';
import * as bookingSpace from './migrations/0030_booking_space.js';
import * as flightFile from './migrations/0031_flight_file.js';
import * as fieldSync from './migrations/0032_field_sync.js';
import * as balloonInspections from './migrations/0033_balloon_inspections.js';
import * as crewOnBoard from './migrations/0034_crew_on_board.js';
import * as attentionIndexes from './migrations/0035_attention_indexes.js';
import * as bookingMonthTotals from './migrations/0036_booking_month_totals.js';
import * as flownRegistrations from './migrations/0037_flown_registrations.js';
import * as pilotRecencyIndex from './migrations/0038_pilot_recency_index.js';

type DialectMigration = { up: (db: Kysely<unknown>, dialect: Dialect) => Promise<void> };

// Listed in code (not read from a folder) so the built server needs no file lookups.
const MIGRATIONS: Record<string, DialectMigration> = {
  '0001_initial': initial,
  '0002_reference_data': referenceData,
  '0003_fold_function': foldFunction,
  '0004_text_search_indexes': textSearchIndexes,
  '0005_search_covering_indexes': searchCoveringIndexes,
  '0006_mail_queue': mailQueue,
  '0007_passenger_search_terms': passengerSearchTerms,
  '0008_user_activity': userActivity,
  '0014_table_versions': tableVersions,
  '0015_booking_list_indexes': bookingListIndexes,
  '0017_woocommerce': woocommerce,
  '0018_registration_requests': registrationRequests,
  '0019_voucher_validity': voucherValidity,
  '0020_history': history,
  '0021_dashboard_indexes': dashboardIndexes,
  '0022_passengers_booking_names': passengersBookingNames,
  '0023_trigram_fastupdate_off': trigramFastupdateOff,
  '0024_open_passengers': openPassengers,
  '0025_password_links_bound': passwordLinksBound,
  '0026_flight_closures': flightClosures,
  '0027_history_labels': historyLabels,
  '0028_prestation_shop_sku': prestationShopSku,
  '0029_voucher_rules': voucherRules,
  '0032_field_sync': fieldSync,
  '0030_booking_space': bookingSpace,
  '0031_flight_file': flightFile,
  '0033_balloon_inspections': balloonInspections,
  '0034_crew_on_board': crewOnBoard,
  '0035_attention_indexes': attentionIndexes,
  '0036_booking_month_totals': bookingMonthTotals,
  '0037_flown_registrations': flownRegistrations,
  '0038_pilot_recency_index': pilotRecencyIndex,
};

/**
 * Whether the database holds exactly the migrations this code knows: then there is nothing to do, and Kysely's
 * migrator is not asked. It reads the catalog of the whole database to find its own tables, which on PostgreSQL
 * fails ('schema … does not exist') while another schema of the same database is being dropped: the test suite's
 * databases are schemas created and dropped all the time, and a server or CLI started by a test met it.
 */
async function isUpToDate(db: Kysely<any>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const known = Object.keys(MIGRATIONS);
    const applied = new Set(rows.map((r) => r.name));
    return applied.size === known.length && known.every((name) => applied.has(name));
  } catch {
    // No migration table yet (a new database): the migrator creates it.
    return false;
  }
}

/** Applies every migration not yet applied, or those up to `upTo` included (tests of a database holding data). */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, upTo?: string): Promise<void> {
  const migrations: Record<string, Migration> = {};
  // PostgreSQL: the table-version bump (0014) is a deferred constraint trigger; a migration that updates rows and
  // then alters the same table would fail with "pending trigger events". Immediate within migrations.
  const up = async (tx: Kysely<any>, m: DialectMigration) => {
    if (dialect === 'postgres') await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(tx);
    await m.up(tx, dialect);
  };
  for (const [name, m] of Object.entries(MIGRATIONS)) migrations[name] = { up: (tx) => up(tx, m) };
  if (!upTo && (await isUpToDate(db))) return;
  // PostgreSQL: Kysely looks for its own tables in every schema unless told which one; pinned to the current
  // schema, databases living side by side as schemas (the test suite's) never see each other's migrations.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  for (let attempt = 1; ; attempt += 1) {
    const { error, results } = upTo ? await migrator.migrateTo(upTo) : await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // The migrator's catalog read met another schema being dropped (see isUpToDate): nothing of ours was applied
    // by the failed step (each migration is its own transaction), so asking again is safe.
    if (attempt < 5 && migrationTableSchema && isOtherSchemaGone(error, migrationTableSchema)) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      continue;
    }
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}

/** PostgreSQL's 'schema "x" does not exist' (3F000) about a schema other than ours. */
function isOtherSchemaGone(error: unknown, ours: string): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e?.code !== '3F000' || typeof e.message !== 'string') return false;
  const named = /schema "([^"]+)" does not exist/.exec(e.message)?.[1];
  return named !== undefined && named !== ours;
}
