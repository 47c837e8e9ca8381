import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// A version per table, bumped by the database itself in the same transaction as every write to the table
// (issue 14): the list engine's count cache (engine/count-cache.ts) keeps an exact total only while the versions
// of the tables its query reads are unchanged. Triggers, not application code, so that every writer (services,
// imports, the demo seed, another server process, a psql shell) invalidates it without knowing.
//
// SQLite: a row trigger per table and kind of write. Writes are serialised by the database lock, so bumping at
// once cannot deadlock.
// PostgreSQL: bumping at once would hold the version row's lock from a transaction's first write to its commit,
// serialising writers and deadlocking two transactions that write the same tables in opposite orders. So a
// statement trigger only notes the table in a transaction-local setting, and a deferred constraint trigger bumps
// every noted table at commit, in one statement locking the rows in name order (no deadlock between committers).
// The bump is still inside the writing transaction: readers see the data and the new version together.
//
// Tables created by later migrations are tracked by calling trackTableVersions in them; a table without a version
// row is simply never cached (engine/count-cache.ts).

/** Written for other reasons than business data, or several times per request: never worth a cache entry. */
const UNTRACKED = new Set(['sessions', 'user_tokens', 'login_attempts', 'system_state', 'table_versions']);

function isTrackable(name: string): boolean {
  return (
    !UNTRACKED.has(name) &&
    !name.startsWith('kysely_') &&
    !name.startsWith('sqlite_') &&
    !name.includes('_fts') &&
    !name.endsWith('_terms')
  );
}

export async function trackTableVersions(db: Kysely<unknown>, dialect: Dialect, tables: string[]): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const table of tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Nom de table inattendu : ${table}`);
    await run(`INSERT INTO table_versions (name, version) VALUES ('${table}', 1)`);
    if (dialect === 'sqlite') {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        await run(`CREATE TRIGGER ${table}_version_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN
          UPDATE table_versions SET version = version + 1 WHERE name = '${table}';
        END`);
      }
    } else {
      await run(`CREATE TRIGGER ${table}_version_note AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION table_versions_note()`);
      await run(`CREATE CONSTRAINT TRIGGER ${table}_version_bump AFTER INSERT OR UPDATE OR DELETE ON ${table}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION table_versions_bump()`);
      // TRUNCATE has no row to defer on: bumped at once (rare, maintenance only).
      await run(`CREATE TRIGGER ${table}_version_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION table_versions_bump_now()`);
    }
  }
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  if (dialect === 'sqlite') {
    await run('CREATE TABLE table_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID');
  } else {
    await run('CREATE TABLE table_versions (name text PRIMARY KEY, version bigint NOT NULL)');
    await run(`CREATE FUNCTION table_versions_note() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE noted text := coalesce(current_setting('app.written_tables', true), '');
      BEGIN
        IF position(',' || TG_TABLE_NAME || ',' IN ',' || noted) = 0 THEN
          PERFORM set_config('app.written_tables', noted || TG_TABLE_NAME || ',', true);
        END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE FUNCTION table_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE noted text := coalesce(current_setting('app.written_tables', true), '');
      BEGIN
        IF noted <> '' THEN
          PERFORM set_config('app.written_tables', '', true);
          PERFORM 1 FROM table_versions WHERE name = ANY (string_to_array(rtrim(noted, ','), ','))
            ORDER BY name FOR UPDATE;
          UPDATE table_versions SET version = version + 1
            WHERE name = ANY (string_to_array(rtrim(noted, ','), ','));
        END IF;
        RETURN NULL;
      END $$`);
    await run(`CREATE FUNCTION table_versions_bump_now() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE table_versions SET version = version + 1 WHERE name = TG_TABLE_NAME;
        RETURN NULL;
      END $$`);
  }
  const names =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
          AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name`.execute(db)
      : await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables
          WHERE schemaname = current_schema() ORDER BY tablename`.execute(db);
  await trackTableVersions(db, dialect, names.rows.map((r) => r.name).filter(isTrackable));
}
