import { type Kysely, sql } from 'kysely';
import { VALIDITY_EXTENDED_TEMPLATE, WEATHER_POSTPONEMENTS_VARIABLE } from '../../services/email-templates.js';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';

// Vouchers through the weather (issue 29 points 1 to 3). Keep in sync with ../schema.ts.
// - bookings.weather_postponements: the flights its passengers were postponed from (one per flight), kept by the
//   postponement and its undo (services/postponement.ts) so the lists read, filter and sort it as a column.
//   Back-filled from the manifests the postponed flights keep (flight_postponements).
// - bookings.refund_to_offer: 'Remboursement à proposer', raised by the refund rule at a postponement.
// - bookings.refunded_on / refunded_amount: the refund staff record with 'Rembourser' (the booking is then canceled).
// - booking_validity_extensions.rule / flight_id: an automatic extension names its rule and the postponed flight;
//   unique per (booking, flight, rule), and the attempts rule once per booking: replaying a postponement, or two
//   processes, can never write a second one. outbox_mail_id: the mail that told the customer (whether it left).
// - the 'Prolongation de validité' mail template.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  await db.schema
    .alterTable('bookings')
    .addColumn('weather_postponements', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('bookings')
    .addColumn('refund_to_offer', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('bookings').addColumn('refunded_on', t.date).execute();
  await db.schema.alterTable('bookings').addColumn('refunded_amount', 'numeric(10, 2)').execute();
  await sql`UPDATE bookings SET weather_postponements = (
      SELECT count(DISTINCT fp.flight_id) FROM flight_postponements fp WHERE fp.booking_id = bookings.id)
    WHERE id IN (SELECT booking_id FROM flight_postponements WHERE booking_id IS NOT NULL)`.execute(db);

  await db.schema.alterTable('booking_validity_extensions').addColumn('rule', 'varchar(20)').execute();
  await db.schema
    .alterTable('booking_validity_extensions')
    .addColumn('flight_id', 'integer', (c) => c.references('flights.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('booking_validity_extensions')
    .addColumn('outbox_mail_id', 'integer', (c) => c.references('outbox_mails.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('booking_validity_extensions_rule_flight')
    .unique()
    .on('booking_validity_extensions')
    .columns(['booking_id', 'rule', 'flight_id'])
    .execute();
  await db.schema
    .createIndex('booking_validity_extensions_attempts_once')
    .unique()
    .on('booking_validity_extensions')
    .column('booking_id')
    .where(sql<boolean>`rule = 'attempts'`)
    .execute();

  // Every template that knows the booking may say its weather postponements too.
  const templates = await sql<{ slug: string; variables: string | null }>`SELECT slug, variables FROM email_templates`
    .execute(db)
    .then((r) => r.rows);
  for (const row of templates) {
    const variables = JSON.parse(row.variables ?? '[]') as string[];
    if (!variables.includes('{{booking.number}}') || variables.includes(WEATHER_POSTPONEMENTS_VARIABLE)) continue;
    const next = [...variables];
    next.splice(variables.indexOf('{{booking.number}}') + 1, 0, WEATHER_POSTPONEMENTS_VARIABLE);
    await sql`UPDATE email_templates SET variables = ${JSON.stringify(next)} WHERE slug = ${row.slug}`.execute(db);
  }
  const template = VALIDITY_EXTENDED_TEMPLATE;
  await sql`INSERT INTO email_templates (slug, label, subject, body, variables)
    VALUES (${template.slug}, ${template.label}, ${template.subject}, ${template.body}, ${JSON.stringify(template.variables)})
    ON CONFLICT (slug) DO NOTHING`.execute(db);
}
