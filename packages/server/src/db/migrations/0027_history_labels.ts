import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Issue 27: the history names records as staff know them (engine/history-labels.ts). Each entry keeps, as written
// then, the name of its own record (`record_label`: a booking's number, a pilot's name...) and of the records its
// references pointed to before and after (`labels`: JSON `{field: [old, new]}`, a list for a list of ids), so a
// record deleted since keeps its name. Entries written before this have neither: they are named at read time while
// the record exists. Keep in sync with ../schema.ts.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  await db.schema.alterTable('history_entries').addColumn('record_label', 'varchar(200)').execute();
  await db.schema.alterTable('history_entries').addColumn('labels', 'text').execute();
}
