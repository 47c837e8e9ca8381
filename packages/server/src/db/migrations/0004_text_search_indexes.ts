import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Indexes for the folded contains-match of `search` and `like` (engine/text-match.ts), the hard query of the
// bench: a booking search over 300,000 passenger last names.
//
// SQLite: an FTS5 trigram table per searched table, external content (no copy of the rows), kept in step by
// plain-SQL triggers, so every writer (imports, services, the sqlite3 shell) maintains it without knowing.
// `remove_diacritics 1` folds accents and the tokenizer folds case, like fold(). Keep the column lists in
// sync with the `textIndex: true` fields of resources/bookings.ts, passengers.ts and customers.ts.
//
// PostgreSQL: GIN pg_trgm indexes on the same fold() expressions the engine compares, when the pg_trgm
// extension can be created (it is "trusted" since PostgreSQL 13); without it the search still works, by scan.

const FTS: { table: string; columns: string[] }[] = [
  { table: 'passengers', columns: ['last_name'] },
  { table: 'customers', columns: ['last_name'] },
  { table: 'bookings', columns: ['number', 'number_alt'] },
];

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  for (const { table, columns } of FTS) {
    const fts = `${table}_fts`;
    const cols = columns.join(', ');
    const newValues = columns.map((c) => `new.${c}`).join(', ');
    const oldValues = columns.map((c) => `old.${c}`).join(', ');
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='${table}', content_rowid='id', tokenize='trigram remove_diacritics 1')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} BEGIN
           INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${newValues});
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} BEGIN
           INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldValues});
         END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${fts}_update AFTER UPDATE OF ${cols} ON ${table} BEGIN
           INSERT INTO ${fts}(${fts}, rowid, ${cols}) VALUES ('delete', old.id, ${oldValues});
           INSERT INTO ${fts}(rowid, ${cols}) VALUES (new.id, ${newValues});
         END`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
  }
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
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
    // No right to create it: searches fall back to scanning, which is correct, only slower.
    await sql`ROLLBACK TO SAVEPOINT pg_trgm_install`.execute(db);
    return;
  }
  const installed = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema;
  if (!schema) return;
  for (const { table, columns } of FTS) {
    for (const column of columns) {
      await sql
        .raw(
          `CREATE INDEX ${table}_${column}_trgm ON ${table} USING gin (fold(${column}) "${schema.replace(/"/g, '""')}".gin_trgm_ops)`,
        )
        .execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') return postgresUp(db);
  return sqliteUp(db);
}
