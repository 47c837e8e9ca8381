import { ConflictError } from '../../dist/core/errors.js';
import { createDatabase } from '../../dist/db/database.js';
import { postponeFlight } from '../../dist/services/postponement.js';

// One server process postponing a flight, for voucher-rules.test.ts: two of these run at once on the same database
// (DATABASE_URL), each starting at START_AT (ms since the epoch) so that their transactions meet.
// The built server (dist/), as for expiry-process.mjs.

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
