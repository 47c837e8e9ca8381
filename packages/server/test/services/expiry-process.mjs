import { createDatabase } from '../../dist/db/database.js';
import { runDailyExpiry } from '../../dist/services/validity.js';

// One server process's tick of the daily expiry, for validity.test.ts: several of these run at once on the same
// database (DATABASE_URL), each starting at START_AT (ms since the epoch) so that their transactions meet.
// The built server (dist/, built by the global setup), as the other child-process tests run it: through the tsx
// loader each child transformed src/ at its start, three at once took most of a minute on a loaded machine.

const database = createDatabase(process.env.DATABASE_URL ?? '');
const startAt = Number(process.env.START_AT ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
try {
  const result = await runDailyExpiry(database.db, process.env.TODAY);
  process.stdout.write(JSON.stringify(result));
} finally {
  await database.destroy();
}
