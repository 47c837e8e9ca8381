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
// database is a schema of its own in DATABASE_URL_TEST, dropped on close, so parallel files never meet.

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
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  // The latest schema is the global setup's migrated one, replayed under this name (its name is unique enough to
  // be replaced as text); a database stopped at an older migration is migrated here.
  const template = upTo ? null : inject('pgSchemaTemplate');
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(template ? template.sql.replaceAll(template.schema, schema) : `CREATE SCHEMA ${schema}`);
  await admin.end();
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
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
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

/** The SQL of the statements run through Kysely on `db` during `run`, in order. */
export async function statementsDuring(db: Kysely<DB>, run: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(db.getExecutor(), 'executeQuery');
  try {
    await run();
    return spy.mock.calls.map(([query]) => (query as CompiledQuery).sql);
  } finally {
    spy.mockRestore();
  }
}
