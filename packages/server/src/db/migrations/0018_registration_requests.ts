import { type Kysely, sql } from 'kysely';
import { REGISTRATION_REQUEST_TEMPLATES } from '../../services/email-templates.js';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';

// Registration requests from the public planning widget (issue 11 points 3 and 4). Keep in sync with ../schema.ts.
// - registration_requests gets its outcome: 'pending' until staff accept or refuse it, when and by whom. A request is
//   never deleted: the booking and the flight keep the history of what the customer asked and what was answered.
// - flights(is_public, scheduled_date): the widget reads the coming public flights by date.
// - the two mails the customer receives when staff decide, editable like the other templates.
// registration_requests already existed (0001), so table_versions tracks it since 0014.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .alterTable('registration_requests')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema.alterTable('registration_requests').addColumn('decided_at', t.stamp).execute();
  await db.schema
    .alterTable('registration_requests')
    .addColumn('decided_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // The navigation's count of waiting requests, and 'is there already a waiting request for this pair'.
  await db.schema
    .createIndex('registration_requests_status')
    .on('registration_requests')
    .columns(['status', 'booking_id', 'flight_id'])
    .execute();
  await db.schema.createIndex('flights_public_date').on('flights').columns(['is_public', 'scheduled_date']).execute();

  for (const template of REGISTRATION_REQUEST_TEMPLATES) {
    await sql`INSERT INTO email_templates (slug, label, subject, body, variables)
      VALUES (${template.slug}, ${template.label}, ${template.subject}, ${template.body}, ${JSON.stringify(template.variables)})
      ON CONFLICT (slug) DO NOTHING`.execute(db);
  }
}
