import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// PostgreSQL only. The trigram indexes of the search terms (0005, 0007) were GIN indexes with `fastupdate` on,
// PostgreSQL's default: new entries wait in a pending list that every search scans in full until a vacuum merges
// it. After a few thousand sales without a vacuum (autovacuum off, or not yet run), looking « rousseau » up among
// the booking numbers' terms took 3.7 ms instead of 0.09. The terms tables take a row only for a value never seen
// before (a new number, a new name): writing straight into the index costs little there, reads never wait.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const indexes = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes
    WHERE schemaname = current_schema() AND indexname LIKE '%\\_terms\\_folded\\_trgm' ESCAPE '\\'`.execute(db);
  for (const { name } of indexes.rows) {
    await sql.raw(`ALTER INDEX "${name.replace(/"/g, '""')}" SET (fastupdate = off)`).execute(db);
    // Entries already pending are merged now (the setting only stops new ones from waiting).
    await sql`SELECT gin_clean_pending_list(${name}::regclass)`.execute(db);
  }
}
