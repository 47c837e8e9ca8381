import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './auth/bootstrap.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { refreshPlannerStatistics } from './db/planner-statistics.js';
import { appKeyOf } from './services/secret-box.js';

const config = loadConfig();
config.webDir ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
const database = createDatabase(config.databaseUrl);
await migrateToLatest(database.db, database.dialect);
// Not fatal: without fresh statistics SQLite still answers, with the plans of the last ones.
await refreshPlannerStatistics(database).catch((error: unknown) =>
  console.warn(`Statistiques du planificateur SQLite non mises à jour : ${(error as Error).message}`),
);
await ensureFirstAdmin(database.db, config, (line) => console.log(line));
// The key that seals stored secrets: created beside the database on first start, to back up with it.
appKeyOf(config, (file) =>
  console.log(`Clé de chiffrement des secrets créée : ${file} (à sauvegarder avec la base ; ou APP_KEY).`),
);
const app = await buildApp({ config, database, logger: true });
const close = async () => {
  await app.close();
  await database.destroy();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);
await app.listen({ port: config.port, host: config.host });
console.log(`Back-office prêt sur http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`);
