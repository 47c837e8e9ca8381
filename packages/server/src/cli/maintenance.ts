import { readMaintenance, setMaintenance } from '../auth/maintenance.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

// `npm run maintenance -- on|off` (no argument: prints the current state). Writes the flag in the database the
// servers use (DATABASE_URL), so it applies to every server process within a second or two.

const arg = process.argv[2];
if (arg !== undefined && arg !== 'on' && arg !== 'off') {
  console.error('Usage : npm run maintenance -- on|off');
  process.exit(1);
}

const config = loadConfig();
const database = createDatabase(config.databaseUrl);
try {
  await migrateToLatest(database.db, database.dialect);
  if (arg !== undefined) await setMaintenance(database.db, arg === 'on');
  const isOn = await readMaintenance(database.db);
  console.log(isOn ? 'Mode maintenance activé.' : 'Mode maintenance désactivé.');
} finally {
  await database.destroy();
}
