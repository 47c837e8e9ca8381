import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// The regulator's flight file (issue 30): more than 19 passengers need a second crew member on board. A flight's
// teammates are mostly its retrieve crew, on the ground: only those marked on board count (flight_teammates.on_board,
// 1 on board, 0 on the ground). Teammates already on flights are on the ground until marked. Keep in sync with
// ../schema.ts.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('flight_teammates')
    .addColumn('on_board', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
