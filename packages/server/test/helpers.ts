import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';
import { inject, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  randomToken,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  sha256,
} from '../src/auth/session-format.js';
import { type Config, loadConfig } from '../src/config.js';
import { createDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DB } from '../src/db/schema.js';
import type { Mailer } from '../src/mail/mailer.js';

// The server suite runs once per engine: TEST_DB_ENGINE=sqlite (default) or postgres. On PostgreSQL each test
// database is a schema of its own in DATABASE_URL_TEST, so parallel files never meet; closed, it is emptied for the
// next test database of its worker (or dropped, if its test changed its tables).

export const engine: 'sqlite' | 'postgres' = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
export const postgresUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabase = Database & { url: string };

/** A new empty database, migrated to the latest migration (or up to `upTo`, included). */
export async function createTestDatabase(upTo?: string): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const url = 'sqlite::memory:';
    // The latest schema is the global setup's migrated database, copied; an older one is migrated here.
    const template = upTo ? null : inject('sqliteTemplate');
    if (template) return { ...createDatabase(url, { image: Buffer.from(template, 'base64') }), url };
    const database = createDatabase(url);
    await migrateToLatest(database.db, database.dialect, upTo);
    return { ...database, url };
  }
  // The latest schema is the global setup's migrated one, replayed under this name (its name is unique enough to
  // be replaced as text); a database stopped at an older migration is migrated here.
  const template = upTo ? null : inject('pgSchemaTemplate');
  const reused = template ? freeSchemas.pop() : undefined;
  // Named after the run's template when there is one, so that the run's end drops what its workers kept.
  const schema =
    reused ?? `${template ? template.schema.replace(/^tmpl_/, 't_') : 't'}_${crypto.randomBytes(6).toString('hex')}`;
  if (!reused) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(template ? template.sql.replaceAll(template.schema, schema) : `CREATE SCHEMA ${schema}`);
    if (template) fingerprints.set(schema, await fingerprintOf(admin, schema));
    await admin.end();
  }
  const url = `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}schema=${schema}`;
  const database = createDatabase(url, { poolSize: 4 });
  if (!template) await migrateToLatest(database.db, database.dialect, upTo);
  return {
    ...database,
    url,
    destroy: async () => {
      await database.destroy();
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      try {
        if (template && (await resetToTemplate(c, schema, template.schema))) freeSchemas.push(schema);
        else await c.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * Schemas of the latest migration that a closed test database gave back, emptied to the template's rows: the next
 * test database of this worker takes one instead of replaying the template's DDL (creating and dropping a schema
 * cost PostgreSQL about a second of processor each time, over 150 test databases per run).
 */
const freeSchemas: string[] = [];

/** Each schema's DDL fingerprint as replayed from the template. */
const fingerprints = new Map<string, string>();

type TemplateShape = { tables: string[]; seeded: Map<string, string>; sequences: string[] };
let templateShape: Promise<TemplateShape> | null = null;

/**
 * What a schema's DDL is, cheaply: the count and newest oid of what belongs to it (tables, sequences, functions,
 * types), of its tables' columns, triggers, constraints and indexes. A test that adds or drops any of them leaves a
 * schema nobody reuses; no test alters a column's type in place. Read through the catalogs' indexes (pg_depend by the
 * schema, the others by table): pg_class itself has no index by schema, and the suite's schemas bloat it.
 */
const FINGERPRINT = `
  WITH n AS (SELECT oid FROM pg_namespace WHERE nspname = $1),
  owned AS (SELECT d.classid, d.objid FROM pg_depend d, n
             WHERE d.refclassid = 'pg_namespace'::regclass AND d.refobjid = n.oid),
  rels AS (SELECT objid FROM owned WHERE classid = 'pg_class'::regclass)
  SELECT concat_ws(':',
    (SELECT count(*) || '/' || coalesce(max(objid::text::bigint), 0) FROM owned),
    (SELECT count(*) FROM pg_attribute WHERE attrelid IN (SELECT objid FROM rels) AND attnum > 0 AND NOT attisdropped),
    (SELECT count(*) || '/' || coalesce(max(oid::text::bigint), 0) FROM pg_trigger
      WHERE tgrelid IN (SELECT objid FROM rels)),
    (SELECT count(*) || '/' || coalesce(max(oid::text::bigint), 0) FROM pg_constraint
      WHERE conrelid IN (SELECT objid FROM rels)),
    (SELECT count(*) || '/' || coalesce(max(indexrelid::text::bigint), 0) FROM pg_index
      WHERE indrelid IN (SELECT objid FROM rels))
  ) AS fingerprint`;

async function fingerprintOf(c: pg.Client, schema: string): Promise<string> {
  return (await c.query<{ fingerprint: string }>(FINGERPRINT, [schema])).rows[0]!.fingerprint;
}

async function shapeOf(c: pg.Client, templateSchema: string): Promise<TemplateShape> {
  const tables = (
    await c.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY 1`,
      [templateSchema],
    )
  ).rows.map((r) => r.name);
  // The migrations' own rows (statuses, settings, templates...), copied back column by column: generated columns
  // are computed again, identity columns keep the template's values.
  const seeded = new Map<string, string>();
  for (const table of tables) {
    const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${templateSchema}.${table}`);
    if (Number(rows[0]!.n) === 0) continue;
    const columns = (
      await c.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY a.attnum`,
        [templateSchema, table],
      )
    ).rows.map((r) => `"${r.name}"`);
    seeded.set(table, columns.join(', '));
  }
  const sequences = (
    await c.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY 1`,
      [templateSchema],
    )
  ).rows.map((r) => r.name);
  return { tables, seeded, sequences };
}

/** Empties `schema` back to the template's rows and sequences; false (nothing reused) if its DDL changed. */
async function resetToTemplate(c: pg.Client, schema: string, templateSchema: string): Promise<boolean> {
  try {
    templateShape ??= shapeOf(c, templateSchema);
    const shape = await templateShape;
    const replayed = fingerprints.get(schema);
    if (!replayed || (await fingerprintOf(c, schema)) !== replayed) return false;
    const statements = [
      'BEGIN',
      // The copy restores rows as they were: no trigger (versions, history, open bookings) or foreign key runs on it.
      'SET LOCAL session_replication_role = replica',
      // DELETE rather than TRUNCATE: a test leaves most tables empty or nearly, and TRUNCATE makes every table's and
      // index's files anew (a second for the 65 tables).
      ...shape.tables.map((t) => `DELETE FROM ${schema}.${t}`),
      ...[...shape.seeded].map(
        ([table, columns]) =>
          `INSERT INTO ${schema}.${table} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${templateSchema}.${table}`,
      ),
      ...shape.sequences.map(
        (seq) => `SELECT setval('${schema}.${seq}', last_value, is_called) FROM ${templateSchema}.${seq}`,
      ),
      'COMMIT',
      ...shape.tables.filter((t) => shape.seeded.has(t)).map((t) => `ANALYZE ${schema}.${t}`),
    ];
    await c.query(statements.join(';\n'));
    return true;
  } catch {
    await c.query('ROLLBACK').catch(() => {});
    return false;
  }
}

/**
 * Like createTestDatabase, but another process can open it too: on SQLite a file in a temporary folder (removed
 * by destroy) rather than :memory:.
 */
export async function createSharedTestDatabase(): Promise<TestDatabase> {
  if (engine === 'postgres') return createTestDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-db-'));
  const url = `sqlite://${path.join(dir, 'app.sqlite')}`;
  const database = createDatabase(url);
  await migrateToLatest(database.db, database.dialect);
  return {
    ...database,
    url,
    destroy: async () => {
      await database.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A data folder (app.key, partner-order files) for each worker: test files run two or three at a time.
const dataDir = path.join(os.tmpdir(), 'montgolfiere-test', `${engine}-${process.env.VITEST_POOL_ID ?? process.pid}`);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATA_DIR: dataDir }), logLevel: 'silent', ...overrides };
}

export type TestApp = { app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

/** `shared`: on a database another process can open too (createSharedTestDatabase). */
export async function createTestApp(
  options: { config?: Partial<Config>; mailer?: Mailer; shared?: boolean } = {},
): Promise<TestApp> {
  const database = await (options.shared ? createSharedTestDatabase() : createTestDatabase());
  const app = await buildApp({ config: testConfig(options.config), database, mailer: options.mailer });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * Signs in as a new user of the given role by writing the session row directly (auth/session-format.ts),
 * and returns the headers a browser would send: session and XSRF cookies plus the X-XSRF-TOKEN header.
 */
export async function signIn(
  t: TestApp,
  role: 'su' | 'admin' | 'operator' = 'admin',
): Promise<{ headers: Record<string, string>; userId: number }> {
  const { db } = t.database;
  const roleRow = await db.selectFrom('roles').select('id').where('slug', '=', role).executeTakeFirstOrThrow();
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const user = await db
    .insertInto('users')
    .values({ first_name: 'Test', last_name: role, email, password_hash: null, role_id: roleRow.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const raw = randomToken();
  const csrf = randomToken();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: sha256(raw),
      user_id: user.id,
      csrf_token: csrf,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    })
    .execute();
  return {
    userId: user.id,
    headers: { cookie: `${SESSION_COOKIE}=${raw}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
  };
}

/** Marks the work of a statementsDuring call, so that the app's background loops are told apart from it. */
const measured = new AsyncLocalStorage<true>();

/**
 * The SQL of the statements `run` made through Kysely on `db` (in-process requests included: inject keeps the
 * caller's async context), in order. Not those of the app's background loops (the mail queue, the shop sync, the
 * daily jobs) that a timer happened to start meanwhile: on a slow machine one landed in a read and made its count
 * one more.
 */
export async function statementsDuring(db: Kysely<DB>, run: () => Promise<unknown>): Promise<string[]> {
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const statements: string[] = [];
  const spy = vi.spyOn(executor, 'executeQuery').mockImplementation((query, ...rest) => {
    if (measured.getStore()) statements.push((query as CompiledQuery).sql);
    return execute(query, ...rest);
  });
  try {
    // Awaited inside the context: inject's answer is a thenable that starts the request when awaited.
    await measured.run(true, async () => {
      await run();
    });
    return statements;
  } finally {
    spy.mockRestore();
  }
}
