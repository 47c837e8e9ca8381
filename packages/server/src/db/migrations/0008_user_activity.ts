import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';

// The users page (issue 10): a user with history is deactivated rather than deleted (their notes and mails keep
// their author), and the page shows when each one last signed in. Keep in sync with ../schema.ts.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .alterTable('users')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('users').addColumn('last_login_at', t.stamp).execute();
}
