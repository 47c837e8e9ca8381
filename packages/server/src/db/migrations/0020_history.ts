import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';

// The write history (issue 12, part 5; engine/history.ts): one row per record written through the API, inserted in
// the writing transaction. `booking_id` / `flight_id` name the booking or flight the row belongs to (a passenger's
// booking, a note's flight...) so their pages read their whole history through one index range. No foreign keys:
// the history outlives the records (a deleted flight keeps its log). Not tracked by table versions: every write
// would bump one more version for a list only administrators read. Keep in sync with ../schema.ts.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const base = db.schema.createTable('history_entries');
  await (dialect === 'postgres'
    ? base.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : base.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('created_at', t.stamp, (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('api_client_id', 'integer')
    .addColumn('actor', 'varchar(255)', (c) => c.notNull())
    .addColumn('resource', 'varchar(100)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(10)', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('booking_id', 'integer')
    .addColumn('flight_id', 'integer')
    .execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(`history_entries_${name}`).on('history_entries').columns(columns).execute();
  await index('record', ['resource', 'record_id', 'id']);
  await index('booking', ['booking_id', 'id']);
  await index('flight', ['flight_id', 'id']);
  await index('user', ['user_id', 'id']);
  await index('created_at', ['created_at']);
}
