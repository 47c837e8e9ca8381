import { loadConfig } from '../config.js';
import { loadTimeZone, today as operatorToday } from '../core/clock.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../seed/demo.js';

// `npm run seed:demo`: fills a database without bookings (DATABASE_URL, or the SQLite file of DATA_DIR) with a demo
// season; the first administrator created by the first start may exist (the natural order: start, look, seed).
// Options: --today YYYY-MM-DD (dates are relative to it; default the operator's today, core/clock.ts), --seed N.

const arg = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const asked = arg('today');
if (asked !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(asked)) {
  console.error(`Date invalide pour --today : ${asked} (attendu AAAA-MM-JJ).`);
  process.exit(1);
}

const config = loadConfig();
const database = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db, database.dialect);
  await loadTimeZone(database.db);
  const today = asked ?? operatorToday();
  const existing = await database.db.selectFrom('bookings').select('id').limit(1).executeTakeFirst();
  if (existing) {
    console.error('La base contient déjà des réservations : données de démonstration non insérées.');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const summary = await seedDemo(database.db, { today, seed: Number(arg('seed') ?? 20260614) });
    console.log(
      `Données de démonstration insérées en ${Date.now() - started} ms (${database.dialect}) : ` +
        `${summary.bookings} réservations, ${summary.passengers} passagers, ${summary.flights} vols, ` +
        `${summary.registrations} inscriptions, ${summary.balloons} ballons, ${summary.pilots} pilotes, ` +
        `${summary.teammates} équipiers, ${summary.locations} sites.`,
    );
  }
} finally {
  await database.destroy();
}
