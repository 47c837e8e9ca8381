import { schemaFields } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parseBody } from '../auth/validation.js';
import type { RouteAccess } from '../core/context.js';
import { NotFoundError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { recordHistory } from '../engine/history.js';
import { literalLimit } from '../engine/sql.js';
import { BOOKING_TEMPLATES, queueBookingMail, queueConvocations } from '../mail/compose.js';
import { enqueueMail } from '../mail/queue.js';
import { escapeHtml } from '../mail/templates.js';
import { bodyOf, pathId } from './params.js';

// Mails sent from a booking or a flight, and the outbox (docs/api.md "Sending mail"). The POSTs only queue
// (202): the worker (mail/queue.ts) sends within seconds, or keeps retrying while SMTP is down.

const OUTBOX: { access: RouteAccess } = { access: { capability: 'manage_settings' } };
const OUTBOX_LIMIT = 200;

const bookingMailSchema = schemaFields.payload({
  template: z.enum(BOOKING_TEMPLATES, {
    error: "Le modèle d'email doit être booking-confirmation, pre-flight-information ou tickets.",
  }),
});
const convocationsSchema = schemaFields.payload({});

const userIdOf = (request: FastifyRequest): number | null =>
  request.auth?.kind === 'user' ? request.auth.user.id : null;

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

export async function registerMailRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.post('/api/bookings/:id/emails', async (request, reply) => {
    const bookingId = pathId(request);
    const { template } = parseBody(bookingMailSchema, bodyOf(request));
    const queued = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('bookings')
        .select('has_pre_flight_infos')
        .where('id', '=', bookingId)
        .executeTakeFirst();
      const mail = await queueBookingMail(trx, bookingId, template, userIdOf(request));
      // The pre-flight information mail also marks the booking (bookings.has_pre_flight_infos): its change too.
      const flagged =
        template === 'pre-flight-information' && before !== undefined && before.has_pre_flight_infos !== 1;
      // Which mail left, not to whom: the address is the passenger's data (engine/history.ts).
      await recordHistory(trx, request.auth, [
        {
          resource: 'emails',
          recordId: mail.id,
          action: 'create',
          changes: { template_slug: [null, template] },
          bookingId,
        },
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
    return reply.code(202).send(queued);
  });

  app.post('/api/flights/:id/convocations', async (request, reply) => {
    const flightId = pathId(request);
    parseBody(convocationsSchema, bodyOf(request));
    const result = await db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('outbox_mails')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const queued = await queueConvocations(trx, flightId, userIdOf(request));
      const mails = await trx
        .selectFrom('outbox_mails')
        .select(['id', 'booking_id', 'template_slug'])
        .where('id', '>', Number(last?.id ?? 0))
        .where('flight_id', '=', flightId)
        .execute();
      await recordHistory(
        trx,
        request.auth,
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
    return reply.code(202).send(result);
  });

  app.get('/api/bookings/:id/emails', async (request) => {
    const bookingId = pathId(request);
    const booking = await db.selectFrom('bookings').select('id').where('id', '=', bookingId).executeTakeFirst();
    if (!booking) throw new NotFoundError();
    const rows = await outboxList(db).where('o.booking_id', '=', bookingId).execute();
    return rows.map(present);
  });

  // settings/emails: a test mail to oneself, through the same queue, with the signature (issue 10).
  app.post('/api/mail/test', { config: OUTBOX }, async (request, reply) => {
    parseBody(convocationsSchema, bodyOf(request));
    if (request.auth?.kind !== 'user') throw new NotFoundError();
    const { user } = request.auth;
    const signature =
      (await db.selectFrom('settings').select('value').where('key', '=', 'email_signature').executeTakeFirst())
        ?.value ?? '';
    const queued = await enqueueMail(db, {
      to: user.email,
      subject: 'Email de test',
      html: `<p>Bonjour ${escapeHtml(user.first_name)},</p><p>Cet email de test confirme que les emails partent bien.</p>${signature}`,
      userId: user.id,
    });
    return reply.code(202).send({ id: queued.id, recipient: user.email });
  });
  app.get('/api/outbox', { config: OUTBOX }, async () => {
    const rows = await outboxList(db).limit(literalLimit(OUTBOX_LIMIT)).execute();
    return rows.map(present);
  });
}
