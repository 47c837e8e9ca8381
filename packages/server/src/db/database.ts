import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type RawBuilder,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  sql,
} from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError, isPostgresUnavailable } from './availability.js';
import { registerChangeStamp } from './change-stamp.js';
import type { DB } from './schema.js';
import { withObjectRows } from './sqlite-rows.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

export type Dialect = 'sqlite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy: () => Promise<void>;
  /**
   * Told when PostgreSQL drops a connection no request was using (a restart, a failover, a terminated backend): the
   * pool forgets it and opens a new one when needed. A warning on stderr until the app hands its logger (app.ts).
   */
  onConnectionLost?: (error: Error) => void;
};

/** Whether a database (or a transaction on it) runs on PostgreSQL, for the few statements written per engine. */
export const isPostgres = (db: Kysely<DB>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A date a named statement compares with, planned once. Given as a parameter, PostgreSQL plans each call with its value
 * and, its estimates for an unknown date being far off, never settles on one plan for the named statement: it plans
 * the whole statement again at every call (the dashboard's 'to do' counts: 4.5–5 ms of planning for about 2 ms of
 * work). Read through a sub-select, the value is unknown to every plan alike, and after its first five calls the
 * statement runs on the plan PostgreSQL keeps. SQLite keeps its plans whatever the values: a plain parameter.
 */
export function datePlannedOnce(db: Kysely<DB>, date: string): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`(select cast(${date} as date))` : sql<string>`${date}`;
}

/** Lower-case and strip diacritics, so that "eleonore" matches "Éléonore" (`like` filters are case- and accent-insensitive). */
export function fold(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// The PostgreSQL driver is loaded when a PostgreSQL database is opened: a SQLite server starts without it (60 ms).
const requireModule = createRequire(import.meta.url);
const loadPg = (): typeof pg => requireModule('pg') as typeof pg;

// pg returns some types as strings or Dates by default; the API speaks plain JSON numbers and ISO strings.
let pgTypesSet = false;
function setPgTypeParsers(): void {
  if (pgTypesSet) return;
  pgTypesSet = true;
  const { types } = loadPg();
  types.setTypeParser(20, (v) => Number(v)); // int8 (count)
  types.setTypeParser(1700, (v) => Number(v)); // numeric
  types.setTypeParser(1082, (v) => v); // date stays 'YYYY-MM-DD'
  types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString()); // timestamp
  types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
}

/** How many prepared statements a SQLite connection keeps (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/** DDL: what changes the columns a cached statement answers. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * Kysely's SQLite driver calls `prepare(sql)` on every query: SQLite then parses and plans the statement again,
 * often more time than running it. The connection is handed to Kysely through this wrapper, which keeps the
 * prepared statements by SQL text (an LRU map). Safe because every statement runs to completion with all()/run()
 * on the single connection (Kysely's mutex), never left half-iterated; SQLite re-prepares a statement by itself
 * when the schema changes under it. Rows are built by a function written for each statement's columns
 * (sqlite-rows.ts); a schema change made through this connection (a migration) empties the cache, so that no
 * statement keeps the columns of a table as it was.
 *
 * Kysely opens a transaction with a plain (deferred) `begin`: its first read pins a snapshot, and if another
 * process commits before its first write, that write fails at once with SQLITE_BUSY_SNAPSHOT, busy_timeout or
 * not. Every transaction of ours writes, so it starts `begin immediate`: the write lock first, waiting for
 * another writer's commit (busy_timeout) instead of failing after it.
 */
export function cachingStatements(sqlite: Sqlite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        if (SCHEMA_CHANGE.test(text)) statements.clear();
        statement = withObjectRows(sqlite.prepare(text === 'begin' ? 'begin immediate' : text));
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/** How many distinct SELECT texts PostgreSQL connections keep as named prepared statements, at most. */
export const PREPARED_STATEMENTS_MAX = 300;

/**
 * A read worth a name: a SELECT, or a WITH whose parts only read (a list page's ids and rows in one statement),
 * with a bounded parameter list and no LIKE (a search pattern's best plan depends on its value).
 */
export function isPreparableRead(text: string, parameters: number): boolean {
  if (parameters > 100 || /\blike\b/i.test(text)) return false;
  if (/^\s*select\b/i.test(text)) return true;
  return /^\s*with\b/i.test(text) && !/\b(insert\s+into|update\s+"|delete\s+from|for\s+update)\b/i.test(text);
}

/**
 * PostgreSQL plans every unnamed statement again: for the planning day's eight-table join, 5 ms of planning for
 * 0.6 ms of execution, and 0.5 ms for the session lookup run before every API call. The pool is handed to Kysely
 * through this wrapper, which runs SELECTs as named prepared statements (pg prepares a name once per connection,
 * then only binds and executes), so PostgreSQL plans each at most a few times per connection. Bounded: the
 * first PREPARED_STATEMENTS_MAX distinct texts get a name, later ones run unnamed, as do writes, DDL, long IN
 * lists and LIKE matches (a search pattern's plan depends on its value: those stay planned per call).
 * A lost connection, or one that cannot be opened, is thrown as a DatabaseUnavailableError (503, availability.ts).
 */
export function preparingPool(pool: pg.Pool, max = PREPARED_STATEMENTS_MAX): PostgresPool {
  const rethrow = (error: unknown): never => {
    throw isPostgresUnavailable(error) ? new DatabaseUnavailableError(error) : error;
  };
  const names = new Map<string, string | null>();
  const nameOf = (text: string, parameters: number): string | null => {
    let name = names.get(text);
    if (name !== undefined) return name;
    const isPreparable = names.size < max && isPreparableRead(text, parameters);
    name = isPreparable ? `k${names.size}` : null;
    if (isPreparable || names.size < max * 4) names.set(text, name);
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let w = wrapped.get(client);
    if (!w) {
      w = {
        // biome-ignore lint/suspicious/noExplicitAny: Kysely's two overloads (text + parameters, or a cursor)
        query: ((text: any, parameters?: readonly unknown[]) => {
          if (typeof text !== 'string') return client.query(text);
          const values = parameters ? [...parameters] : [];
          const name = nameOf(text, values.length);
          return (name ? client.query({ name, text, values }) : client.query(text, values)).catch(rethrow);
        }) as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      wrapped.set(client, w);
    }
    return w;
  };
  return { connect: async () => wrap(await pool.connect().catch(rethrow)), end: () => pool.end() };
}

/** How long opening a PostgreSQL connection (or waiting for a free one in the pool) may take. */
export const CONNECT_TIMEOUT_MS = 10_000;

const warnConnectionLost = (error: Error) =>
  console.warn(`Connexion PostgreSQL perdue (une nouvelle sera ouverte au besoin) : ${error.message}`);

/**
 * `sqlite:///abs/path.sqlite`, `sqlite://relative.sqlite`, `sqlite::memory:` or `postgres://...`.
 * A `schema` query parameter on a postgres URL sets the search_path (tests use one schema each).
 */
export function createDatabase(url: string, options: { poolSize?: number; image?: Buffer } = {}): Database {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    setPgTypeParsers();
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema');
    parsed.searchParams.delete('schema');
    const pool = new (loadPg().Pool)({
      connectionString: parsed.toString(),
      max: options.poolSize ?? 10,
      // A server that does not answer at all (a host down, a firewall dropping packets) fails the request after
      // this long instead of leaving it, and every request queued behind it, waiting for minutes.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    const database: Database = { db, dialect: 'postgres', destroy: () => db.destroy() };
    // An 'error' event nobody listens to ends the process: the pool emits one for an idle connection that dies...
    pool.on('error', (error) => (database.onConnectionLost ?? warnConnectionLost)(error));
    // ...and a connection emits its own while a request holds it. That request's next query fails and is answered
    // 503; the pool drops the connection when it is handed back.
    pool.on('connect', (client) => client.on('error', () => {}));
    return database;
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL non reconnue : ${url}`);
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // An image (a serialized database) opens in memory: the test suite's already migrated schema, copied per test.
  const sqlite = new Sqlite(options.image ?? (file === ':memory:' ? ':memory:' : path.resolve(file)));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 32 MB of page cache instead of SQLite's 2 MB: a list page touches index and table pages all over a 100 MB+
  // database (bench: -9 % SQL time on the bookings list), bounded, unlike mmap which would count the whole file.
  sqlite.pragma('cache_size = -32000');
  sqlite.function('fold', { deterministic: true }, (v: unknown) => fold(v));
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  // Read outside Kysely's connection lock on purpose: run while a transaction is open it may count that
  // transaction's writes early, which only makes the stamp move sooner (change-stamp.ts).
  // Two statements, not `... from pragma_data_version`: that table-valued form prepares a PRAGMA of its own at
  // every call (16 µs a request inside the server, 9 as two statements: bench/README, the sixth machine).
  const changes = sqlite.prepare('select total_changes()').pluck();
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  registerChangeStamp(db, () => `${changes.get()}.${dataVersion.get()}`);
  // A database in memory has no log to copy back.
  const checkpointer =
    options.image || file === ':memory:' ? undefined : startWalCheckpointer(path.resolve(file), sqlite);
  return {
    db,
    dialect: 'sqlite',
    destroy: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
