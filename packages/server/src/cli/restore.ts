import path from 'node:path';
import { loadConfig } from '../config.js';
import { BackupError, restoreBackup } from '../services/backup.js';

// `npm run restore -- <folder>`: puts a backup made by `npm run backup` (or the daily backup) back into the
// database of DATABASE_URL, DATA_DIR and REMOTE_ORDERS_DIR, which must be empty: a new data folder, an empty
// database. A changed or missing file, another engine or a target holding data: refused, nothing changed.
// The servers are started afterwards; they bring an older backup's schema up to date (migrations).

const arg = process.argv[2];
if (!arg) {
  console.error('Usage : npm run restore -- <dossier>');
  process.exit(1);
}
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);

const config = loadConfig();
try {
  const manifest = await restoreBackup(dir, config);
  console.log(
    `Restauration faite depuis ${dir} : sauvegarde du ${manifest.created_at}, version ${manifest.schema_version}.`,
  );
  if (manifest.app_key === 'environment' && !config.appKey)
    console.log(
      "La sauvegarde a été faite avec APP_KEY dans l'environnement : remettez la même valeur avant de démarrer.",
    );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : `Restauration échouée : ${(error as Error).message}`);
  process.exit(1);
}
