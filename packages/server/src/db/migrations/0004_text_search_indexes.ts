import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Indexes for the folded contains-match of `search` and `like` (engine/text-match.ts), the hard query of the
// bench: a booking search over 300,000 passenger last names.
//
// SQLite: the distinct values of each searched column go to a small "terms" table (`<table>_<column>_terms`),
// indexed by an FTS5 trigram table (`..._terms_fts`, `remove_diacritics 1` folds accents, the tokenizer folds
// case, like fold()). A search matches the few distinct terms, then finds the rows through the column's own
// B-tree index. Indexing the terms rather than the rows keeps the trigram posting lists short: 300,000
// passengers share far fewer last names. Plain-SQL triggers fill the terms on every insert/update, so every
// writer (imports, services, the sqlite3 shell) keeps them without knowing; a term whose rows are all gone
// stays, harmlessly (it matches nothing). Keep the list in sync with the `textIndex: true` fields of
// resources/bookings.ts, passengers.ts and customers.ts (each column also needs a B-tree index).
//
// PostgreSQL: the same terms tables, kept by statement-level plpgsql triggers, with a GIN pg_trgm index on
// fold(value) when the pg_trgm extension can be created (it is "trusted" since PostgreSQL 13); without it the
// terms (far fewer than the rows) are scanned. Letter-free prefixes use a text_pattern_ops index.

export const TEXT_INDEXES: { table: string; column: string }[] = [
  { table: 'passengers', column: 'last_name' },
  { table: 'customers', column: 'last_name' },
  { table: 'bookings', column: 'number' },
  { table: 'bookings', column: 'number_alt' },
];

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const { table, column } of TEXT_INDEXES) {
    const terms = `${table}_${column}_terms`;
    await run(`CREATE TABLE ${terms} (id INTEGER PRIMARY KEY, value TEXT NOT NULL UNIQUE)`);
    await run(
      `CREATE VIRTUAL TABLE ${terms}_fts USING fts5(value, content='${terms}', content_rowid='id', tokenize='trigram remove_diacritics 1')`,
    );
    await run(`CREATE TRIGGER ${terms}_fts_insert AFTER INSERT ON ${terms} BEGIN
      INSERT INTO ${terms}_fts(rowid, value) VALUES (new.id, new.value);
    END`);
    await run(`CREATE TRIGGER ${terms}_fts_delete AFTER DELETE ON ${terms} BEGIN
      INSERT INTO ${terms}_fts(${terms}_fts, rowid, value) VALUES ('delete', old.id, old.value);
    END`);
    await run(`CREATE TRIGGER ${terms}_collect_insert AFTER INSERT ON ${table} WHEN new.${column} IS NOT NULL BEGIN
      INSERT OR IGNORE INTO ${terms}(value) VALUES (new.${column});
    END`);
    await run(`CREATE TRIGGER ${terms}_collect_update AFTER UPDATE OF ${column} ON ${table} WHEN new.${column} IS NOT NULL BEGIN
      INSERT OR IGNORE INTO ${terms}(value) VALUES (new.${column});
    END`);
    await run(
      `INSERT OR IGNORE INTO ${terms}(value) SELECT DISTINCT ${column} FROM ${table} WHERE ${column} IS NOT NULL`,
    );
  }
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const { table, column } of TEXT_INDEXES) {
    const terms = `${table}_${column}_terms`;
    await run(`CREATE TABLE ${terms} (id serial PRIMARY KEY, value text NOT NULL UNIQUE)`);
    // Statement-level, reading the transition table: one set-based insert per statement, bulk loads stay fast.
    await run(`CREATE FUNCTION ${terms}_collect() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${terms}(value) SELECT DISTINCT ${column} FROM new_rows WHERE ${column} IS NOT NULL
        ON CONFLICT (value) DO NOTHING;
        RETURN NULL;
      END $$`);
    for (const event of ['INSERT', 'UPDATE']) {
      await run(`CREATE TRIGGER ${terms}_collect_${event.toLowerCase()} AFTER ${event} ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${terms}_collect()`);
    }
    await run(`INSERT INTO ${terms}(value) SELECT DISTINCT ${column} FROM ${table} WHERE ${column} IS NOT NULL`);
    // `#` lookups of letter-free prefixes: LIKE 'prefix%' on the column itself, whatever the database collation.
    await run(`CREATE INDEX ${table}_${column}_pattern ON ${table} (${column} text_pattern_ops)`);
  }

  const available = await sql`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(db);
  if (!available.rows.length) return;
  // Several databases migrating at once (parallel test schemas) must not race on CREATE EXTENSION.
  await sql`SELECT pg_advisory_xact_lock(hashtext('montgolfiere:pg_trgm'))`.execute(db);
  // In `public`, not the current schema, so that dropping one schema never takes the extension along.
  await sql`SAVEPOINT pg_trgm_install`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
    await sql`RELEASE SAVEPOINT pg_trgm_install`.execute(db);
  } catch {
    // No right to create it: the terms are scanned instead, which is correct, only slower.
    await sql`ROLLBACK TO SAVEPOINT pg_trgm_install`.execute(db);
    return;
  }
  const installed = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema;
  if (!schema) return;
  for (const { table, column } of TEXT_INDEXES) {
    const terms = `${table}_${column}_terms`;
    await run(
      `CREATE INDEX ${terms}_trgm ON ${terms} USING gin (fold(value) "${schema.replace(/"/g, '""')}".gin_trgm_ops)`,
    );
  }
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // A search ends in `select booking_id from passengers where last_name in (terms)` and
  // `select id from customers where last_name in (terms)`: with the selected column in the index, those steps
  // never read the tables (covering indexes; PostgreSQL needs the id spelled out). They replace the
  // last_name-only indexes of 0001, which they also serve.
  await db.schema.dropIndex('passengers_last_name').execute();
  await db.schema.createIndex('passengers_last_name').on('passengers').columns(['last_name', 'booking_id']).execute();
  await db.schema.dropIndex('customers_last_name').execute();
  await db.schema.createIndex('customers_last_name').on('customers').columns(['last_name', 'id']).execute();
  if (dialect === 'postgres') return postgresUp(db);
  return sqliteUp(db);
}
