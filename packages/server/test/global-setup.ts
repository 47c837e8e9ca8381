import { execFile, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated schema's SQL (pg_dump), its name written as `schema`: createTestDatabase replays it. */
    pgSchemaTemplate: { schema: string; sql: string } | null;
    /** A migrated SQLite database, serialized (base64): createTestDatabase opens a copy of it in memory. */
    sqliteTemplate: string | null;
  }
}

const url = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The tests that run the server or its commands in a child process run the build (test/built-server.ts): built here
 * when the domain's or the server's sources changed since the last build (scripts/build.mjs keeps a hash of them;
 * unchanged, this costs a hash of the sources).
 */
function buildServer(): void {
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed', '--server'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`La construction du serveur a échoué :\n${result.stdout}${result.stderr}`);
  }
}

// The PostgreSQL run must fail loudly when the server is unreachable, never silently test SQLite only.
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  buildServer();
  project.provide('pgSchemaTemplate', null);
  project.provide('sqliteTemplate', null);
  // The project's own engine (server-postgres sets it in its env), else the caller's.
  const engine = project.config.env?.TEST_DB_ENGINE ?? process.env.TEST_DB_ENGINE;
  if (engine !== 'postgres') {
    project.provide('sqliteTemplate', await sqliteTemplate());
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    throw new Error(`PostgreSQL injoignable (${url}) : ${String(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
  return provideTemplate(project);
}

/**
 * Migrates one SQLite database once: every test database is then a copy of it, opened in memory (the migrations
 * cost about 0.3 s per test database, 180 of them per run). migrations.test.ts still runs every migration.
 */
async function sqliteTemplate(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-template-'));
  try {
    const file = path.join(dir, 'template.sqlite');
    const database = createDatabase(`sqlite://${file}`);
    try {
      await migrateToLatest(database.db, database.dialect);
    } finally {
      await database.destroy();
    }
    // An image in WAL mode cannot be opened in memory: the rollback journal, as a :memory: database has.
    const raw = new Sqlite(file);
    try {
      raw.pragma('journal_mode = DELETE');
      return raw.serialize().toString('base64');
    } finally {
      raw.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Migrates one schema once, and hands its pg_dump to the test files: replaying it makes a test database in a tenth
 * of the time the 28 migrations take (about 1.2 s each time, over 170 test databases). Without pg_dump (the
 * postgresql-client package) every test database is migrated as before. migrations.test.ts and this setup still
 * run every migration.
 */
async function provideTemplate(project: TestProject): Promise<() => Promise<void>> {
  const schema = `tmpl_${crypto.randomBytes(6).toString('hex')}`;
  // Held for the whole run: a run that finds a template whose lock nobody holds knows it was left by a run that was
  // killed before its teardown, and drops it with its test databases. Left to pile up on a machine that kept its
  // PostgreSQL between sessions, thousands of them slowed every catalog read of the runs that came after.
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  await owner.query('SELECT pg_advisory_lock(hashtext($1))', [schema]);
  await dropAbandoned(owner);
  await owner.query(`CREATE SCHEMA ${schema}`);
  const drop = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    // The test databases the workers kept for reuse (test/helpers.ts), named after this template.
    const { rows } = await c.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE $1', [
      `${schema.replace(/^tmpl_/, 't_')}\\_%`,
    ]);
    for (const row of rows) await c.query(`DROP SCHEMA IF EXISTS ${row.name} CASCADE`);
    await c.end();
    await owner.end();
  };
  try {
    const database = createDatabase(`${url}${url.includes('?') ? '&' : '?'}schema=${schema}`, { poolSize: 1 });
    try {
      await migrateToLatest(database.db, database.dialect);
    } finally {
      await database.destroy();
    }
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--dbname', url, '--schema', schema, '--no-owner', '--no-privileges', '--inserts'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // Lines of psql's own (\restrict and \unrestrict since 15.14) are not SQL.
    const sql = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    // A dump carries no planner statistics: the tables the migrations analyzed (the search terms) are analyzed
    // again, so that queries are planned as on a migrated database.
    const analyzed = new pg.Client({ connectionString: url });
    await analyzed.connect();
    const { rows } = await analyzed.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind = 'r' AND c.reltuples >= 0`,
      [schema],
    );
    await analyzed.end();
    const analyze = rows.map((row) => `ANALYZE ${schema}.${row.name};`).join('\n');
    project.provide('pgSchemaTemplate', { schema, sql: `${sql}\n${analyze}` });
  } catch (error) {
    console.warn(`Bases de test migrées une à une (pas de modèle pg_dump) : ${String(error)}`);
  }
  return drop;
}

/** Drops the templates (and their test databases) of runs that ended without their teardown: no session holds their lock. */
async function dropAbandoned(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT nspname AS name FROM pg_namespace WHERE nspname ~ '^(tmpl_[0-9a-f]{12}|t_[0-9a-f]{12}_[0-9a-f]{12})$' ORDER BY nspname",
  );
  const templates = rows.filter((row) => row.name.startsWith('tmpl_')).map((row) => row.name.slice(5, 17));
  const live = new Set<string>();
  for (const hex of templates) {
    const { rows: got } = await client.query<{ free: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS free', [
      `tmpl_${hex}`,
    ]);
    if (got[0]?.free) await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`tmpl_${hex}`]);
    else live.add(hex);
  }
  // Test databases are named t_<their template's hex>_<random>: those of no live template are abandoned too.
  for (const { name } of rows) {
    const hex = name.startsWith('tmpl_') ? name.slice(5, 17) : name.slice(2, 14);
    if (!live.has(hex)) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
  }
}
