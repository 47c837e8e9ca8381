import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// `fold(text)`: lower-case without diacritics, the accent-insensitive `like` of the list-query language.
// SQLite gets it as a JS function registered on each connection (database.ts); PostgreSQL as SQL, without
// needing the unaccent extension. Keep the character lists in sync with database.ts's fold().
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    CREATE OR REPLACE FUNCTION fold(v text) RETURNS text AS $$
      SELECT translate(lower(v),
        'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżž',
        'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzz')
    $$ LANGUAGE SQL IMMUTABLE PARALLEL SAFE
  `.execute(db);
}
