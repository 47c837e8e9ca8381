// biome-ignore-all lint/suspicious/noExplicitAny: locks a row of any table
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './database.js';
import type { DB } from './schema.js';

/**
 * Takes a row's lock for the rest of the transaction, so that two writers of the same booking, flight or request
 * take turns: on PostgreSQL `SELECT ... FOR UPDATE`, a row lock that writes nothing; on SQLite nothing more to do,
 * every transaction of ours already holds the database's write lock (`begin immediate`, db/database.ts).
 * A no-op UPDATE took the lock before, but it fired the table's triggers: the table's version moved, which dropped
 * every kept answer and total reading it (each passenger's write dropped the bookings' ones, each registration the
 * flights' history), and the triggers' writes were a fifth of a sale's time on SQLite.
 */
export async function lockRow(trx: Kysely<DB>, table: keyof DB, id: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select 1 from ${sql.table(table)} where ${sql.ref('id')} = ${id} for update`.execute(trx as Kysely<any>);
}
