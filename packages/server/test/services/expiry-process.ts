import { createDatabase } from '../../src/db/database.js';
import { runDailyExpiry } from '../../src/services/validity.js';

// One server process's tick of the daily expiry, for validity.test.ts: several of these run at once on the same
// database (DATABASE_URL), each starting at START_AT (ms since the epoch) so that their transactions meet.

const database = createDatabase(process.env.DATABASE_URL ?? '');
const startAt = Number(process.env.START_AT ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
try {
  const result = await runDailyExpiry(database.db, process.env.TODAY);
  process.stdout.write(JSON.stringify(result));
} finally {
  await database.destroy();
}
