import { ConflictError } from '../../src/core/errors.js';
import { createDatabase } from '../../src/db/database.js';
import { postponeFlight } from '../../src/services/postponement.js';

// One server process postponing a flight, for voucher-rules.test.ts: two of these run at once on the same database
// (DATABASE_URL), each starting at START_AT (ms since the epoch) so that their transactions meet.

const database = createDatabase(process.env.DATABASE_URL ?? '');
const startAt = Number(process.env.START_AT ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
try {
  const result = await postponeFlight(database.db, Number(process.env.FLIGHT_ID), { sendMail: true, auth: null });
  process.stdout.write(JSON.stringify({ ok: true, extended: result.extended }));
} catch (error) {
  if (!(error instanceof ConflictError)) throw error;
  process.stdout.write(JSON.stringify({ ok: false, message: error.message }));
} finally {
  await database.destroy();
}
