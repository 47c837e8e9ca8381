import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Sqlite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config.js';
import { today as operatorToday } from '../core/clock.js';
import type { Dialect } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { appKeyFile } from './secret-box.js';

// Backups (issue 32): a consistent copy of the database taken while the servers run and write, with what the
// database alone cannot give back: the APP_KEY file (without it the stored shop secret cannot be read) and the
// partner-order folder. SQLite runs in WAL mode, where copying the file may catch a half-written state: its copy is
// `VACUUM INTO`, one read transaction (a snapshot; writers go on), run in a worker thread so the server keeps
// answering. PostgreSQL's is `pg_dump` in its custom format (one snapshot too). A manifest lists every file with
// its size and SHA-256, so a restore refuses a backup that changed or lost a file. Restoring goes only into an
// empty target: it never mixes a backup with live data.

export const MANIFEST_FILE = 'manifest.json';
const SQLITE_FILE = 'database.sqlite';
const POSTGRES_FILE = 'database.dump';
const APP_KEY_FILE = 'app.key';
/** The partner-order folder's copy, inside the backup. */
const REMOTE_ORDERS_DIR = 'remote-orders';
/** The scheduled backups' folders: `sauvegarde-2026-11-27T031500Z`; pruning touches nothing else. */
const SCHEDULED_PREFIX = 'sauvegarde-';
const SCHEDULED_NAME = /^sauvegarde-\d{4}-\d{2}-\d{2}T\d{6}Z$/;
/** At most this many files copied from the partner-order folder (a folder of years of orders is a few thousand). */
const MAX_FILES = 100_000;

export type ManifestFile = { path: string; size: number; sha256: string };
export type BackupManifest = {
  format: 1;
  engine: Dialect;
  /** The last migration applied to the copied database. */
  schema_version: string;
  /** PostgreSQL: the schema the dump holds (the one the restore target must use). */
  schema?: string;
  created_at: string;
  app_version: string;
  /** 'file': app.key is in the backup; 'environment': APP_KEY is set in the environment, to be kept apart. */
  app_key: 'file' | 'environment' | 'none';
  files: ManifestFile[];
};

/** A refusal or failure told to the operator in French (never a secret, never a stack). */
export class BackupError extends Error {}

export const BACKUP_MESSAGES = {
  targetNotEmpty: (what: string) => `Restauration refusée : la cible n'est pas vide (${what}).`,
  backupDirNotEmpty: (dir: string) => `Sauvegarde refusée : le dossier ${dir} existe et n'est pas vide.`,
  noManifest: (dir: string) => `Restauration refusée : ${dir} ne contient pas de ${MANIFEST_FILE} lisible.`,
  missingFile: (file: string) => `Restauration refusée : le fichier ${file} de la sauvegarde est absent.`,
  changedFile: (file: string) => `Restauration refusée : le fichier ${file} ne correspond pas au manifeste.`,
  unlistedFile: (file: string) => `Restauration refusée : le fichier ${file} n'est pas dans le manifeste.`,
  wrongEngine: (backup: string, target: string) =>
    `Restauration refusée : la sauvegarde est une base ${backup}, la cible une base ${target}.`,
  wrongSchema: (backup: string, target: string) =>
    `Restauration refusée : la sauvegarde contient le schéma « ${backup} », la cible utilise « ${target} ».`,
  insideServedFolder: (dir: string, place: string) => `Sauvegarde refusée : le dossier ${dir} est dans ${place}.`,
  memoryDatabase: 'Sauvegarde impossible : la base SQLite est en mémoire.',
  noPgDump: 'pg_dump est introuvable : installez le paquet postgresql-client.',
} as const;

const ENGINE_NAMES: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

export const dialectOf = (url: string): Dialect =>
  url.startsWith('postgres://') || url.startsWith('postgresql://') ? 'postgres' : 'sqlite';

const sqliteFileOf = (url: string): string => {
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file === ':memory:' || file === '') throw new BackupError(BACKUP_MESSAGES.memoryDatabase);
  return path.resolve(file);
};

/** libpq's environment for a DATABASE_URL: the password goes to pg_dump through PGPASSWORD, never an argument. */
function postgresTarget(url: string): { env: NodeJS.ProcessEnv; schema: string | null; connection: string } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['PGHOST', 'PGPORT', 'PGUSER', 'PGPASSWORD', 'PGDATABASE', 'PGSSLMODE', 'PGOPTIONS'])
    delete env[key];
  const host = parsed.searchParams.get('host') ?? decodeURIComponent(parsed.hostname);
  if (host) env.PGHOST = host;
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  env.PGDATABASE = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return { env, schema, connection: parsed.toString() };
}

/** Runs a PostgreSQL client program; its error output (which never holds the password) is the failure's text. */
function runClient(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (out.length < 10_000_000) out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 10_000) err += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(BACKUP_MESSAGES.noPgDump) : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new BackupError(`${program} a échoué (code ${code}) : ${err.trim().slice(0, 2000)}`));
    });
  });
}

const requireModule = createRequire(import.meta.url);
// Loaded when a PostgreSQL backup is made, as db/database.ts does: a SQLite server starts without the driver.
const loadPg = (): typeof pg => requireModule('pg') as typeof pg;

// CommonJS, evaluated in a worker thread: VACUUM INTO is one synchronous statement that may take seconds on a
// large database; in the server's own thread it would hold every request that long.
const VACUUM_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Sqlite = require(workerData.module);
const db = new Sqlite(workerData.source, { fileMustExist: true });
try {
  db.pragma('busy_timeout = 10000');
  db.prepare('VACUUM INTO ?').run(workerData.target);
} finally {
  db.close();
}
parentPort.postMessage('done');
`;

function vacuumInto(source: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(VACUUM_WORKER, {
      eval: true,
      workerData: { module: requireModule.resolve('better-sqlite3'), source, target },
    });
    let isDone = false;
    worker.once('message', () => {
      isDone = true;
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      isDone ? resolve() : reject(new BackupError(`Copie SQLite interrompue (code ${code}).`)),
    );
  });
}

const MIGRATIONS_TABLE = 'kysely_migration';

async function postgresSchemaVersion(connection: string, schema: string | null): Promise<string> {
  const client = new (loadPg().Client)({ connectionString: connection });
  await client.connect();
  try {
    const current = schema ?? (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s;
    const { rows } = await client.query<{ name: string }>(
      `SELECT max(name) AS name FROM ${loadPg().escapeIdentifier(current ?? 'public')}.${MIGRATIONS_TABLE}`,
    );
    return rows[0]?.name ?? '';
  } finally {
    await client.end();
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `dir`, as paths relative to it (symbolic links are not followed). */
function listFiles(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) found.push(name);
      if (found.length > MAX_FILES) throw new BackupError(`Plus de ${MAX_FILES} fichiers dans ${dir}.`);
    }
  };
  if (fs.existsSync(dir)) walk('');
  return found.sort();
}

const isEmptyDir = (dir: string): boolean => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

function appVersion(): string {
  try {
    // Same depth under src/ and dist/: this package's own package.json.
    const file = new URL('../../package.json', import.meta.url);
    return String((JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version ?? '');
  } catch {
    return '';
  }
}

export type BackupSource = Pick<Config, 'databaseUrl' | 'dataDir' | 'remoteOrdersDir' | 'appKey'> &
  Partial<Pick<Config, 'webDir'>>;

const isInside = (child: string, parent: string): boolean => {
  const relative = path.relative(path.resolve(parent), child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Writes a backup into `dir` (created; refused when it exists and holds anything): the database's snapshot, the
 * APP_KEY file, the partner-order folder, then the manifest, last, so that a folder without one is an unfinished
 * backup. A failure removes what was written.
 */
export async function createBackup(
  source: BackupSource,
  dir: string,
  now: Date = new Date(),
): Promise<{ dir: string; manifest: BackupManifest }> {
  const target = path.resolve(dir);
  if (!isEmptyDir(target)) throw new BackupError(BACKUP_MESSAGES.backupDirNotEmpty(target));
  // Never where the web app's files are served from, nor inside the folder the backup copies.
  for (const place of [source.webDir, source.remoteOrdersDir])
    if (place && isInside(target, place)) throw new BackupError(BACKUP_MESSAGES.insideServedFolder(target, place));
  const engine = dialectOf(source.databaseUrl);
  const sqliteFile = engine === 'sqlite' ? sqliteFileOf(source.databaseUrl) : null;
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  try {
    let schemaVersion: string;
    let schema: string | undefined;
    if (sqliteFile) {
      const copy = path.join(target, SQLITE_FILE);
      await vacuumInto(sqliteFile, copy);
      // The version of the snapshot itself, not of the database as it is now.
      const snapshot = new Sqlite(copy, { readonly: true, fileMustExist: true });
      try {
        schemaVersion = String(
          (snapshot.prepare(`SELECT max(name) AS name FROM ${MIGRATIONS_TABLE}`).get() as { name: string | null })
            .name ?? '',
        );
      } finally {
        snapshot.close();
      }
    } else {
      const { env, schema: urlSchema, connection } = postgresTarget(source.databaseUrl);
      schemaVersion = await postgresSchemaVersion(connection, urlSchema);
      const client = new (loadPg().Client)({ connectionString: connection });
      await client.connect();
      try {
        schema =
          urlSchema ?? (await client.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
      } finally {
        await client.end();
      }
      // The application's schema only: extensions (pg_trgm) belong to the database and are created by the restore.
      await runClient(
        'pg_dump',
        ['--format=custom', `--schema=${schema}`, `--file=${path.join(target, POSTGRES_FILE)}`],
        env,
      );
    }
    const keyFile = appKeyFile(source);
    const hasKeyFile = !source.appKey && fs.existsSync(keyFile);
    if (hasKeyFile) fs.copyFileSync(keyFile, path.join(target, APP_KEY_FILE));
    for (const file of listFiles(source.remoteOrdersDir)) {
      const to = path.join(target, REMOTE_ORDERS_DIR, file);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(source.remoteOrdersDir, file), to);
    }
    const files: ManifestFile[] = [];
    for (const file of listFiles(target)) {
      const full = path.join(target, file);
      // The database's copy holds password hashes and sessions, app.key unseals the stored secrets: owner only.
      fs.chmodSync(full, 0o600);
      files.push({ path: file.split(path.sep).join('/'), size: fs.statSync(full).size, sha256: await sha256Of(full) });
    }
    const manifest: BackupManifest = {
      format: 1,
      engine,
      schema_version: schemaVersion,
      ...(schema ? { schema } : {}),
      created_at: now.toISOString(),
      app_version: appVersion(),
      app_key: source.appKey ? 'environment' : hasKeyFile ? 'file' : 'none',
      files,
    };
    fs.writeFileSync(path.join(target, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    return { dir: target, manifest };
  } catch (error) {
    fs.rmSync(target, { recursive: true, force: true });
    throw error;
  }
}

/** The manifest of the backup in `dir`, once every file it lists is there unchanged and nothing else is. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const source = path.resolve(dir);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(source, MANIFEST_FILE), 'utf8')) as BackupManifest;
    if (manifest.format !== 1 || !Array.isArray(manifest.files)) throw new Error('format');
    if (manifest.engine !== 'sqlite' && manifest.engine !== 'postgres') throw new Error('engine');
    const isEntry = (f: ManifestFile) =>
      typeof f?.path === 'string' && typeof f.size === 'number' && typeof f.sha256 === 'string';
    if (!manifest.files.every(isEntry)) throw new Error('files');
  } catch {
    throw new BackupError(BACKUP_MESSAGES.noManifest(source));
  }
  const listed = new Set<string>();
  for (const file of manifest.files) {
    // A manifest naming a path outside its folder is not ours.
    const full = path.resolve(source, file.path);
    if (!full.startsWith(`${source}${path.sep}`)) throw new BackupError(BACKUP_MESSAGES.changedFile(file.path));
    if (!fs.existsSync(full)) throw new BackupError(BACKUP_MESSAGES.missingFile(file.path));
    if (fs.statSync(full).size !== file.size || (await sha256Of(full)) !== file.sha256)
      throw new BackupError(BACKUP_MESSAGES.changedFile(file.path));
    listed.add(file.path);
  }
  for (const file of listFiles(source)) {
    const name = file.split(path.sep).join('/');
    if (name !== MANIFEST_FILE && !listed.has(name)) throw new BackupError(BACKUP_MESSAGES.unlistedFile(name));
  }
  const databaseFile = manifest.engine === 'sqlite' ? SQLITE_FILE : POSTGRES_FILE;
  if (!listed.has(databaseFile)) throw new BackupError(BACKUP_MESSAGES.missingFile(databaseFile));
  return manifest;
}

export type RestoreTarget = Pick<Config, 'databaseUrl' | 'dataDir' | 'remoteOrdersDir' | 'appKey'>;

/** The first thing in the target that is not empty, or null. */
async function nonEmptyPart(target: RestoreTarget, manifest: BackupManifest): Promise<string | null> {
  if (manifest.app_key === 'file' && fs.existsSync(appKeyFile(target))) return appKeyFile(target);
  if (!isEmptyDir(target.remoteOrdersDir)) return target.remoteOrdersDir;
  if (dialectOf(target.databaseUrl) === 'sqlite') {
    const file = sqliteFileOf(target.databaseUrl);
    for (const part of [file, `${file}-wal`]) if (fs.existsSync(part) && fs.statSync(part).size > 0) return part;
    return null;
  }
  const { connection } = postgresTarget(target.databaseUrl);
  const schema = manifest.schema ?? 'public';
  const client = new (loadPg().Client)({ connectionString: connection });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
      [schema],
    );
    return Number(rows[0]?.n) > 0 ? `schéma ${schema}` : null;
  } finally {
    await client.end();
  }
}

/**
 * Restores the backup in `dir` into `target` (DATABASE_URL, DATA_DIR, REMOTE_ORDERS_DIR), which must be empty:
 * everything is checked first (the manifest, the engine, the schema, the target), so a refusal changes nothing.
 * SQLite's file is written beside its place then renamed; PostgreSQL's restore is one transaction.
 */
export async function restoreBackup(dir: string, target: RestoreTarget): Promise<BackupManifest> {
  const source = path.resolve(dir);
  const manifest = await verifyBackup(source);
  const engine = dialectOf(target.databaseUrl);
  if (engine !== manifest.engine)
    throw new BackupError(BACKUP_MESSAGES.wrongEngine(ENGINE_NAMES[manifest.engine], ENGINE_NAMES[engine]));
  if (engine === 'postgres') {
    const wanted = manifest.schema ?? 'public';
    const schema = postgresTarget(target.databaseUrl).schema ?? 'public';
    if (schema !== wanted) throw new BackupError(BACKUP_MESSAGES.wrongSchema(wanted, schema));
  }
  const busy = await nonEmptyPart(target, manifest);
  if (busy) throw new BackupError(BACKUP_MESSAGES.targetNotEmpty(busy));

  if (engine === 'sqlite') {
    const file = sqliteFileOf(target.databaseUrl);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.restauration`;
    fs.copyFileSync(path.join(source, SQLITE_FILE), partial);
    fs.rmSync(`${file}-wal`, { force: true });
    fs.rmSync(`${file}-shm`, { force: true });
    fs.renameSync(partial, file);
  } else {
    await restorePostgres(path.join(source, POSTGRES_FILE), target.databaseUrl, manifest.schema ?? 'public');
  }
  if (manifest.app_key === 'file') {
    const keyFile = appKeyFile(target);
    fs.mkdirSync(path.dirname(keyFile), { recursive: true });
    fs.copyFileSync(path.join(source, APP_KEY_FILE), keyFile, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(keyFile, 0o600);
  }
  for (const file of listFiles(path.join(source, REMOTE_ORDERS_DIR))) {
    const to = path.join(target.remoteOrdersDir, file);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(source, REMOTE_ORDERS_DIR, file), to);
  }
  return manifest;
}

async function restorePostgres(dump: string, url: string, schema: string): Promise<void> {
  const { env, connection } = postgresTarget(url);
  const client = new (loadPg().Client)({ connectionString: connection });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${loadPg().escapeIdentifier(schema)}`);
    // The trigram indexes name public.gin_trgm_ops; without the right to create the extension the restore says so.
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public').catch(() => undefined);
  } finally {
    await client.end();
  }
  // The dump's own CREATE SCHEMA (and its comment) left out: the schema exists now, empty.
  const list = await runClient('pg_restore', ['--list', dump], env);
  const kept = list
    .split('\n')
    .filter((line) => !/^\d+;\s+\d+\s+\d+\s+(SCHEMA|COMMENT) - (SCHEMA )?\S+\s/.test(line))
    .join('\n');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'restauration-'));
  const listPath = path.join(work, 'toc.list');
  fs.writeFileSync(listPath, kept);
  try {
    await runClient(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--use-list=${listPath}`,
        `--dbname=${env.PGDATABASE}`,
        dump,
      ],
      env,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// The daily backup (settings backup_folder and backup_keep), run by the daily jobs of every server process
// (services/scheduled-jobs.ts) but once per day across them: the job's row is claimed for the day by one
// conditional UPDATE, as the expiry job does. The backup itself runs after the claim's transaction (holding a
// write transaction for its length would stop every write on SQLite): a run that fails gives the day back, and a
// claim left 'en cours' by a process that died is taken again after STALE_CLAIM_MS.

export const BACKUP_JOB = 'daily-backup';
/** The last backup made, daily or by `npm run backup`: its end and folder (GET /health?deep=1). */
export const LAST_BACKUP = 'last-backup';
const RUNNING = 'en cours';
const STALE_CLAIM_MS = 6 * 3600_000;
export const BACKUP_KEEP_DEFAULT = 7;

export type BackupSettings = { folder: string; keep: number };

export async function readBackupSettings(db: Kysely<DB>): Promise<BackupSettings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['backup_folder', 'backup_keep'])
    .execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? '';
  const keep = Number(value('backup_keep'));
  return {
    folder: value('backup_folder').trim(),
    keep: Number.isInteger(keep) && keep > 0 ? keep : BACKUP_KEEP_DEFAULT,
  };
}

async function ensureJobRows(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('scheduled_jobs')
    .values([{ name: BACKUP_JOB }, { name: LAST_BACKUP }])
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Notes a finished backup, for the deep health check; its day is the operator's (core/clock.ts), as the daily job's. */
export async function recordLastBackup(db: Kysely<DB>, dir: string, at: Date = new Date()): Promise<void> {
  await ensureJobRows(db);
  await db
    .updateTable('scheduled_jobs')
    .set({ run_on: operatorToday(at), finished_at: at.toISOString(), result: dir.slice(0, 1000) })
    .where('name', '=', LAST_BACKUP)
    .execute();
}

export const scheduledBackupName = (at: Date): string => {
  const iso = at.toISOString();
  return `${SCHEDULED_PREFIX}${iso.slice(0, 10)}T${iso.slice(11, 19).replace(/:/g, '')}Z`;
};

/** Removes the oldest scheduled backups of `folder` beyond `keep`; nothing else in the folder is touched. */
export function pruneBackups(folder: string, keep: number): string[] {
  if (!fs.existsSync(folder)) return [];
  const ours = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter(
      (e) => e.isDirectory() && SCHEDULED_NAME.test(e.name) && fs.existsSync(path.join(folder, e.name, MANIFEST_FILE)),
    )
    .map((e) => e.name)
    .sort()
    .reverse();
  const removed = ours.slice(keep);
  for (const name of removed) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  return removed;
}

export type DailyBackupRun = { ran: boolean; dir?: string; removed: string[] };

/**
 * The day's backup, once per day across processes. The day is the operator's (setting operator_time_zone, read by
 * core/clock.ts), not the server clock's: a server on UTC must not take the backup of 'tomorrow' at 00:30 in Paris.
 */
export async function runDailyBackup(
  db: Kysely<DB>,
  source: BackupSource,
  { now = new Date(), today = operatorToday(now) }: { now?: Date; today?: string } = {},
): Promise<DailyBackupRun> {
  const settings = await readBackupSettings(db);
  if (!settings.folder) return { ran: false, removed: [] };
  await ensureJobRows(db);
  const startedAt = now.toISOString();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  const claimed = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('scheduled_jobs')
      .select('run_on')
      .where('name', '=', BACKUP_JOB)
      .executeTakeFirst();
    const claim = await trx
      .updateTable('scheduled_jobs')
      .set({ run_on: today, started_at: startedAt, finished_at: null, result: RUNNING })
      .where('name', '=', BACKUP_JOB)
      .where((eb) =>
        eb.or([
          eb('run_on', 'is', null),
          eb('run_on', '<', today),
          eb.and([eb('result', '=', RUNNING), eb('started_at', '<', staleBefore)]),
        ]),
      )
      .executeTakeFirst();
    return Number(claim.numUpdatedRows) === 1 ? { runOn: before?.run_on ?? null } : null;
  });
  if (!claimed) return { ran: false, removed: [] };
  try {
    const { dir } = await createBackup(source, path.join(settings.folder, scheduledBackupName(now)), now);
    const removed = pruneBackups(settings.folder, settings.keep);
    const finishedAt = new Date();
    await db
      .updateTable('scheduled_jobs')
      .set({ finished_at: finishedAt.toISOString(), result: path.basename(dir) })
      .where('name', '=', BACKUP_JOB)
      .execute();
    await recordLastBackup(db, dir, finishedAt);
    return { ran: true, dir, removed };
  } catch (error) {
    // The day given back: the next tick, here or in another process, tries again.
    await db
      .updateTable('scheduled_jobs')
      .set({ run_on: claimed.runOn, result: `échec : ${String((error as Error).message).slice(0, 500)}` })
      .where('name', '=', BACKUP_JOB)
      .where('started_at', '=', startedAt)
      .execute();
    throw error;
  }
}
