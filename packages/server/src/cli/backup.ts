import path from 'node:path';
import { loadConfig } from '../config.js';
import { loadTimeZone } from '../core/clock.js';
import { createDatabase } from '../db/database.js';
import { BackupError, createBackup, recordLastBackup } from '../services/backup.js';

// `npm run backup -- <folder>`: a consistent copy of the database the servers use (DATABASE_URL), taken while they
// run and write, with the APP_KEY file and the partner-order folder, and a manifest (services/backup.ts). The
// folder is created; one that exists and holds anything is refused. Nothing secret is printed.

const arg = process.argv[2];
if (!arg) {
  console.error('Usage : npm run backup -- <dossier>');
  process.exit(1);
}
// npm runs the script from the repository's root: a relative folder is the caller's.
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);

const config = loadConfig();
try {
  const { manifest } = await createBackup(config, dir);
  const database = createDatabase(config.databaseUrl, { poolSize: 1 });
  try {
    // The backup's day is the operator's: read the zone of the setting first.
    await loadTimeZone(database.db);
    await recordLastBackup(database.db, dir);
  } finally {
    await database.destroy();
  }
  const engine = manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(
    `Sauvegarde faite dans ${dir} : base ${engine}, version ${manifest.schema_version}, ${manifest.files.length} fichier(s).`,
  );
  if (manifest.app_key === 'environment')
    console.log("APP_KEY vient de l'environnement : elle n'est pas dans la sauvegarde, gardez-la à part.");
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Sauvegarde échouée : ${(error as Error).message}`);
  process.exit(1);
}
