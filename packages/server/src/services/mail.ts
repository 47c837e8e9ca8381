import type { BookingTemplate, QueuedMail } from '@app/domain';
import type { Kysely } from 'kysely';
import { type Auth, authorOf, type SessionUser } from '../core/context.js';
import { NotFoundError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { type HistoryEntry, recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';
import { queueBookingMail, queueConvocations, settingValue } from '../mail/compose.js';
import { enqueueMail } from '../mail/queue.js';
import { escapeHtml } from '../mail/templates.js';

// Mails sent from a booking or a flight, the test mail, and the outbox (docs/api.md "Sending mail"), for
// routes/mail.ts. Sending only queues: the worker (mail/queue.ts) sends within seconds, or keeps retrying while
// SMTP is down. The history says which mail left, not to whom: the address is the passenger's data.

/** The outbox page shows this many of the last mails. */
const OUTBOX_LIMIT = 200;

/** Rows of the outbox without their bodies, newest first, with the template's label and the sender. */
function outboxList(db: Kysely<DB>) {
  return db
    .selectFrom('outbox_mails as o')
    .leftJoin('email_templates as t', 't.slug', 'o.template_slug')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.template_slug',
      't.label as template_label',
      'o.recipient',
      'o.subject',
      'o.status',
      'o.attempts',
      'o.error',
      'o.created_at',
      'o.sent_at',
      'o.next_attempt_at',
      'o.booking_id',
      'o.flight_id',
      'u.id as user_id',
      'u.first_name as user_first_name',
      'u.last_name as user_last_name',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc');
}

type ListRow = Awaited<ReturnType<ReturnType<typeof outboxList>['execute']>>[number];

const present = ({ user_id, user_first_name, user_last_name, ...row }: ListRow) => ({
  ...row,
  user: user_id === null ? null : { id: user_id, full_name: `${user_first_name ?? ''} ${user_last_name ?? ''}`.trim() },
});

/** A booking's history row for a mail queued from a template. */
export const queuedMailEntry = (mailId: number, template: string, bookingId: number): HistoryEntry => ({
  resource: 'emails',
  recordId: mailId,
  action: 'create',
  changes: { template_slug: [null, template] },
  bookingId,
});

/** Queues one mail of the booking; the pre-flight information mail also marks the booking, recorded too. */
export async function sendBookingMail(db: Kysely<DB>, auth: Auth | null, bookingId: number, template: BookingTemplate) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('bookings')
      .select('has_pre_flight_infos')
      .where('id', '=', bookingId)
      .executeTakeFirst();
    const mail = await queueBookingMail(trx, bookingId, template, authorOf(auth));
    // The pre-flight information mail also marks the booking (bookings.has_pre_flight_infos): its change too.
    const flagged = template === 'pre-flight-information' && before !== undefined && before.has_pre_flight_infos !== 1;
    await recordHistory(trx, auth, [
      queuedMailEntry(mail.id, template, bookingId),
      ...(flagged
        ? [
            {
              resource: 'bookings',
              recordId: bookingId,
              action: 'update' as const,
              changes: { has_pre_flight_infos: [before.has_pre_flight_infos, 1] as [unknown, unknown] },
              bookingId,
            },
          ]
        : []),
    ]);
    return mail;
  });
}

/** Queues the flight's convocations, one per booking with passengers on it, each recorded. */
export async function sendConvocations(db: Kysely<DB>, auth: Auth | null, flightId: number) {
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('outbox_mails')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const queued = await queueConvocations(trx, flightId, authorOf(auth));
    const mails = await trx
      .selectFrom('outbox_mails')
      .select(['id', 'booking_id', 'template_slug'])
      .where('id', '>', Number(last?.id ?? 0))
      .where('flight_id', '=', flightId)
      .execute();
    await recordHistory(
      trx,
      auth,
      mails.map((mail) => ({
        resource: 'emails',
        recordId: mail.id,
        action: 'create' as const,
        changes: { template_slug: [null, mail.template_slug] },
        bookingId: mail.booking_id,
        flightId,
      })),
    );
    return queued;
  });
}

/** The booking's mails, newest first (404 for an unknown booking). */
export async function bookingMails(db: Kysely<DB>, bookingId: number): Promise<QueuedMail[]> {
  const booking = await db.selectFrom('bookings').select('id').where('id', '=', bookingId).executeTakeFirst();
  if (!booking) throw new NotFoundError();
  const rows = await outboxList(db).where('o.booking_id', '=', bookingId).execute();
  return rows.map(present);
}

/** The last mails of the outbox, newest first. */
export async function outbox(db: Kysely<DB>): Promise<QueuedMail[]> {
  const rows = await outboxList(db).limit(literalLimit(OUTBOX_LIMIT)).execute();
  return rows.map(present);
}

/** settings/emails: a test mail to oneself, through the same queue, with the signature (issue 10). */
export async function sendTestMail(db: Kysely<DB>, user: SessionUser): Promise<{ id: number; recipient: string }> {
  const signature = await settingValue(db, 'email_signature');
  const queued = await enqueueMail(db, {
    to: user.email,
    subject: 'Email de test',
    html: `<p>Bonjour ${escapeHtml(user.first_name)},</p><p>Cet email de test confirme que les emails partent bien.</p>${signature}`,
    userId: user.id,
  });
  return { id: queued.id, recipient: user.email };
}
