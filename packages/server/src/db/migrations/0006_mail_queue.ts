import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { types } from './0001_initial.js';

// The outbox becomes a queue (mail/queue.ts): a worker claims due rows by setting locked_until, retries failures
// with a backoff, and gives up after 10 attempts. Attachments are described (JSON), rendered at send time.
// Keep in sync with ../schema.ts.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const outbox = () => db.schema.alterTable('outbox_mails');
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await outbox()
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox().addColumn('next_attempt_at', t.stamp).execute();
  await outbox().addColumn('locked_until', t.stamp).execute();
  await outbox()
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await outbox().addColumn('template_slug', 'varchar(100)').execute();
  await outbox()
    .addColumn('booking_id', 'integer', (c) => c.references('bookings.id').onDelete('cascade'))
    .execute();
  await outbox()
    .addColumn('flight_id', 'integer', (c) => c.references('flights.id').onDelete('cascade'))
    .execute();
  await outbox()
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await outbox().addColumn('attachments', 'text').execute();
  // Values to mask once sent (a password link's token): the row may be sent by another process, later.
  await outbox().addColumn('secrets', 'text').execute();

  // Rows written before the queue: sent ones are 'sent'; unsent ones are old (expired password links...) and
  // must not leave now, so they are 'failed' rather than picked up by the worker.
  await sql`UPDATE outbox_mails SET status = 'sent' WHERE sent_at IS NOT NULL`.execute(db);
  await sql`UPDATE outbox_mails SET status = 'failed', error = COALESCE(error, ${'Non envoyé avant la mise en place de la file d’envoi.'})
    WHERE sent_at IS NULL`.execute(db);

  await db.schema.createIndex('outbox_mails_due').on('outbox_mails').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_mails_booking').on('outbox_mails').columns(['booking_id']).execute();
  await db.schema.createIndex('outbox_mails_flight').on('outbox_mails').columns(['flight_id']).execute();
}
