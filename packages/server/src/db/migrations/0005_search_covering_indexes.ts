import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { TEXT_INDEXES } from './0004_text_search_indexes.js';

// PostgreSQL only; SQLite is already served by 0004 (its indexes carry the rowid, the booking id).
//
// 1. The search's customer arm ends in `select id from bookings where customer_id in (...)`: with the id in the
//    index it is an index-only scan instead of one heap visit per customer (2,000 for a common name). The new
//    index replaces the customer_id-only one of 0001, which it also serves (foreign key checks, filters).
// 2. The terms tables of 0004 get their folded text as a stored generated column, `folded`, and the trigram
//    index moves onto it. fold() is an inlined translate(lower()) that the planner costs like a comparison: it
//    scanned the 10,000 alternative numbers, folding each (60 ms), rather than use the index, and folding the
//    400 names of a terms table cost 1.4 ms per search. The column is computed once per term, on write.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run('DROP INDEX bookings_customer_id');
  await run('CREATE INDEX bookings_customer_id ON bookings (customer_id, id)');

  const trgm = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const schema = trgm.rows[0]?.schema;
  for (const { table, column } of TEXT_INDEXES) {
    const terms = `${table}_${column}_terms`;
    await run(`ALTER TABLE ${terms} ADD COLUMN folded text GENERATED ALWAYS AS (fold(value)) STORED`);
    await run(`DROP INDEX IF EXISTS ${terms}_trgm`);
    if (schema) {
      await run(
        `CREATE INDEX ${terms}_folded_trgm ON ${terms} USING gin (folded "${schema.replace(/"/g, '""')}".gin_trgm_ops)`,
      );
    }
    await run(`ANALYZE ${terms}`);
  }
}
