import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { createDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Mailer } from '../src/mail/mailer.js';

// The server suite runs once per engine: TEST_DB_ENGINE=sqlite (default) or postgres. On PostgreSQL each test
// database is a schema of its own in DATABASE_URL_TEST, dropped on close, so parallel files never meet.

export const engine: 'sqlite' | 'postgres' = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
export const postgresUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabase = Database & { url: string };

export async function createTestDatabase(): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const url = 'sqlite::memory:';
    const database = createDatabase(url);
    await migrateToLatest(database.db, database.dialect);
    return { ...database, url };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}schema=${schema}`;
  const database = createDatabase(url, { poolSize: 4 });
  await migrateToLatest(database.db, database.dialect);
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

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATA_DIR: '/tmp/montgolfiere-test' }), logLevel: 'silent', ...overrides };
}

export type TestApp = { app: FastifyInstance; database: TestDatabase; close: () => Promise<void> };

export async function createTestApp(options: { config?: Partial<Config>; mailer?: Mailer } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
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
