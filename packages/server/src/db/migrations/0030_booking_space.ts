import { type Kysely, sql } from 'kysely';
import { GIFT_SPACE_TEMPLATE, SPACE_URL_PARAGRAPHS, SPACE_URL_VARIABLE } from '../../services/email-templates.js';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';
import { trackTableVersions } from './0014_table_versions.js';

// Issue 28: the passenger's private space per booking (/espace/{token}). Keep in sync with ../schema.ts.
// - booking_space_links: the booking's links, each kept only as the SHA-256 of its token (a stolen database opens
//   no space). 'Nouveau lien' replaces them all; a mail carrying {{booking.space_url}} adds one (its token is only
//   known while the mail is written); 'Révoquer' removes them. last_used_at: when the customer last opened it.
// - bookings.beneficiary_name / beneficiary_email: the gift's recipient, distinct from the buyer.
// - bookings.completed_by_customer_at: 'Complété par le client le …', the last change made through the space.
// - passenger_weight_changes: a weight changed through the space while the passenger was registered on a planned
//   flight, 'Poids modifié après inscription' on that flight and the dashboard until staff mark it seen.
// - the confirmation and weather postponement mails carry the space link; the 'Bon cadeau : votre espace' template.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const withId = (name: string) => {
    const table = db.schema.createTable(name);
    return dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };
  await withId('booking_space_links')
    .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('last_used_at', t.stamp)
    .execute();
  await db.schema.createIndex('booking_space_links_booking').on('booking_space_links').column('booking_id').execute();

  await db.schema.alterTable('bookings').addColumn('beneficiary_name', 'varchar(200)').execute();
  await db.schema.alterTable('bookings').addColumn('beneficiary_email', 'varchar(255)').execute();
  await db.schema.alterTable('bookings').addColumn('completed_by_customer_at', t.stamp).execute();

  await withId('passenger_weight_changes')
    .addColumn('passenger_id', 'integer', (c) => c.notNull().references('passengers.id').onDelete('cascade'))
    .addColumn('flight_id', 'integer', (c) => c.notNull().references('flights.id').onDelete('cascade'))
    .addColumn('previous_weight', 'numeric(6, 2)')
    .addColumn('weight', 'numeric(6, 2)')
    .addColumn('changed_at', t.stamp, (c) => c.notNull().defaultTo(t.now))
    .addColumn('seen_at', t.stamp)
    .addColumn('seen_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('passenger_weight_changes_flight')
    .on('passenger_weight_changes')
    .columns(['flight_id', 'seen_at'])
    .execute();
  await db.schema
    .createIndex('passenger_weight_changes_passenger')
    .on('passenger_weight_changes')
    .column('passenger_id')
    .execute();
  await trackTableVersions(db, dialect, ['booking_space_links', 'passenger_weight_changes']);

  // The confirmation and the weather postponement offer the link by default: the variable, and a paragraph with it
  // at the end of the body (an edited body keeps its words, the paragraph comes after them).
  for (const [slug, paragraph] of Object.entries(SPACE_URL_PARAGRAPHS)) {
    const row = await sql<{ body: string; variables: string | null }>`SELECT body, variables FROM email_templates
      WHERE slug = ${slug}`
      .execute(db)
      .then((r) => r.rows[0]);
    if (!row) continue;
    const variables = JSON.parse(row.variables ?? '[]') as string[];
    if (!variables.includes(SPACE_URL_VARIABLE)) variables.push(SPACE_URL_VARIABLE);
    const body = row.body.includes('booking.space_url') ? row.body : insertBeforeSignature(row.body, paragraph);
    await sql`UPDATE email_templates SET body = ${body}, variables = ${JSON.stringify(variables)}
      WHERE slug = ${slug}`.execute(db);
  }
  for (const slug of [
    'pre-flight-information',
    'tickets',
    'registration-request-accepted',
    'registration-request-refused',
    'validity-extended',
  ]) {
    const row = await sql<{ variables: string | null }>`SELECT variables FROM email_templates WHERE slug = ${slug}`
      .execute(db)
      .then((r) => r.rows[0]);
    if (!row) continue;
    const variables = JSON.parse(row.variables ?? '[]') as string[];
    if (variables.includes(SPACE_URL_VARIABLE)) continue;
    variables.push(SPACE_URL_VARIABLE);
    await sql`UPDATE email_templates SET variables = ${JSON.stringify(variables)} WHERE slug = ${slug}`.execute(db);
  }
  const template = GIFT_SPACE_TEMPLATE;
  await sql`INSERT INTO email_templates (slug, label, subject, body, variables)
    VALUES (${template.slug}, ${template.label}, ${template.subject}, ${template.body}, ${JSON.stringify(template.variables)})
    ON CONFLICT (slug) DO NOTHING`.execute(db);
}

/** The seeded bodies end with the closing paragraph ('À très bientôt…'): the link goes just before it. */
function insertBeforeSignature(body: string, paragraph: string): string {
  const closing = body.lastIndexOf('<p>À très bientôt');
  return closing === -1 ? `${body}${paragraph}` : `${body.slice(0, closing)}${paragraph}${body.slice(closing)}`;
}
