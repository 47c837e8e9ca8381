import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  destroy: () => Promise<void>;
};

/** Lower-case and strip diacritics, so that "eleonore" matches "Éléonore" (SPEC: like is accent-insensitive). */
export function fold(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// pg returns some types as strings or Dates by default; the API speaks plain JSON numbers and ISO strings.
let pgTypesSet = false;
function setPgTypeParsers(): void {
  if (pgTypesSet) return;
  pgTypesSet = true;
  const { types } = pg;
  types.setTypeParser(20, (v) => Number(v)); // int8 (count)
  types.setTypeParser(1700, (v) => Number(v)); // numeric
  types.setTypeParser(1082, (v) => v); // date stays 'YYYY-MM-DD'
  types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString()); // timestamp
  types.setTypeParser(1184, (v) => new Date(v).toISOString()); // timestamptz
}

/** How many prepared statements a SQLite connection keeps (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver calls `prepare(sql)` on every query: SQLite then parses and plans the statement again,
 * often more time than running it. The connection is handed to Kysely through this wrapper, which keeps the
 * prepared statements by SQL text (an LRU map). Safe because every statement runs to completion with all()/run()
 * on the single connection (Kysely's mutex), never left half-iterated; SQLite re-prepares a statement by itself
 * when the schema changes under it.
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
        statement = sqlite.prepare(text) as unknown as SqliteStatement;
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * `sqlite:///abs/path.sqlite`, `sqlite://relative.sqlite`, `sqlite::memory:` or `postgres://...`.
 * A `schema` query parameter on a postgres URL sets the search_path (tests use one schema each).
 */
export function createDatabase(url: string, options: { poolSize?: number } = {}): Database {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    setPgTypeParsers();
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema');
    parsed.searchParams.delete('schema');
    const pool = new pg.Pool({
      connectionString: parsed.toString(),
      max: options.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL non reconnue : ${url}`);
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Sqlite(file === ':memory:' ? ':memory:' : path.resolve(file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.function('fold', { deterministic: true }, (v: unknown) => fold(v));
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
