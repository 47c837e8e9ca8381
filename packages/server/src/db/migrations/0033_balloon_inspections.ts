import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';

// The regulator's flight file (issue 30): every inspection of a balloon, not only its last one, so its technical
// log lists them all. Keep in sync with ../schema.ts.
// - balloon_inspections: date, kind (annual, 100 hours, other), hours at the inspection, by whom, remarks. The
//   balloon's own last_inspection_on and hours_at_last_inspection stay: the compliance checks and the plan read
//   them, and recording an inspection updates them in the same transaction (services/logbooks.ts).
// - A balloon's last inspection already entered becomes its first recorded one, its kind unknown ('other').
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const table = db.schema.createTable('balloon_inspections');
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('balloon_id', 'integer', (c) => c.notNull().references('balloons.id').onDelete('cascade'))
    .addColumn('inspected_on', t.date, (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('hours', 'double precision')
    .addColumn('inspector', 'varchar(120)')
    .addColumn('remarks', 'text')
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('balloon_inspections_balloon_date')
    .on('balloon_inspections')
    .columns(['balloon_id', 'inspected_on'])
    .execute();
  await sql`INSERT INTO balloon_inspections (balloon_id, inspected_on, kind, hours)
    SELECT id, last_inspection_on, 'other', hours_at_last_inspection FROM balloons
    WHERE last_inspection_on IS NOT NULL`.execute(db);
}
