import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// The add-passengers dialog's search (services/passenger-search.ts) matches every word in a passenger's first OR
// last name, and codes in ticket numbers: without an index on first names and ticket numbers it folded the
// distinct values of 300,000 rows per word (p99 of seconds on the bench). The same terms tables as 0004/0005
// (distinct values, trigram-indexed: FTS5 on SQLite, pg_trgm on the stored folded text on PostgreSQL, kept by
// triggers so every writer keeps them) for passengers.first_name and passengers.ticket_number, plus the
// covering B-tree indexes the search ends in (column, booking_id).

const COLUMNS = ['first_name', 'ticket_number'] as const;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const column of COLUMNS) {
    const terms = `passengers_${column}_terms`;
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
    await run(`CREATE TRIGGER ${terms}_collect_insert AFTER INSERT ON passengers WHEN new.${column} IS NOT NULL BEGIN
      INSERT OR IGNORE INTO ${terms}(value) VALUES (new.${column});
    END`);
    await run(`CREATE TRIGGER ${terms}_collect_update AFTER UPDATE OF ${column} ON passengers WHEN new.${column} IS NOT NULL BEGIN
      INSERT OR IGNORE INTO ${terms}(value) VALUES (new.${column});
    END`);
    await run(
      `INSERT OR IGNORE INTO ${terms}(value) SELECT DISTINCT ${column} FROM passengers WHERE ${column} IS NOT NULL`,
    );
  }
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  const trgm = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = trgm.rows[0]?.schema;
  for (const column of COLUMNS) {
    const terms = `passengers_${column}_terms`;
    await run(
      `CREATE TABLE ${terms} (id serial PRIMARY KEY, value text NOT NULL UNIQUE, folded text GENERATED ALWAYS AS (fold(value)) STORED)`,
    );
    await run(`CREATE FUNCTION ${terms}_collect() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${terms}(value) SELECT DISTINCT ${column} FROM new_rows WHERE ${column} IS NOT NULL
        ON CONFLICT (value) DO NOTHING;
        RETURN NULL;
      END $$`);
    for (const event of ['INSERT', 'UPDATE']) {
      await run(`CREATE TRIGGER ${terms}_collect_${event.toLowerCase()} AFTER ${event} ON passengers
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${terms}_collect()`);
    }
    await run(`INSERT INTO ${terms}(value) SELECT DISTINCT ${column} FROM passengers WHERE ${column} IS NOT NULL`);
    if (schema) {
      await run(
        `CREATE INDEX ${terms}_folded_trgm ON ${terms} USING gin (folded "${schema.replace(/"/g, '""')}".gin_trgm_ops)`,
      );
    }
    await run(`ANALYZE ${terms}`);
  }
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.createIndex('passengers_first_name').on('passengers').columns(['first_name', 'booking_id']).execute();
  await db.schema
    .createIndex('passengers_ticket_number_booking')
    .on('passengers')
    .columns(['ticket_number', 'booking_id'])
    .execute();
  if (dialect === 'postgres') return postgresUp(db);
  return sqliteUp(db);
}
