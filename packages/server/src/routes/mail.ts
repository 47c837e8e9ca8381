import { bookingMailSchema, noFieldMailSchema } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../auth/validation.js';
import type { RouteAccess } from '../core/context.js';
import { NotFoundError } from '../core/errors.js';
import { bookingMails, outbox, sendBookingMail, sendConvocations, sendTestMail } from '../services/mail.js';
import { bodyOf, pathId } from './params.js';

// Mails sent from a booking or a flight, and the outbox (docs/api.md "Sending mail"): validated here against the
// domain's mail contract, queued and read by services/mail.ts. The POSTs only queue (202).

const OUTBOX: { access: RouteAccess } = { access: { capability: 'manage_settings' } };

export async function registerMailRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.post('/api/bookings/:id/emails', async (request, reply) => {
    const bookingId = pathId(request);
    const { template } = parseBody(bookingMailSchema, bodyOf(request));
    return reply.code(202).send(await sendBookingMail(db, request.auth, bookingId, template));
  });

  app.post('/api/flights/:id/convocations', async (request, reply) => {
    const flightId = pathId(request);
    parseBody(noFieldMailSchema, bodyOf(request));
    return reply.code(202).send(await sendConvocations(db, request.auth, flightId));
  });

  app.get('/api/bookings/:id/emails', async (request) => bookingMails(db, pathId(request)));

  // settings/emails: a test mail to oneself, through the same queue, with the signature (issue 10).
  app.post('/api/mail/test', { config: OUTBOX }, async (request, reply) => {
    parseBody(noFieldMailSchema, bodyOf(request));
    if (request.auth?.kind !== 'user') throw new NotFoundError();
    return reply.code(202).send(await sendTestMail(db, request.auth.user));
  });

  app.get('/api/outbox', { config: OUTBOX }, async () => outbox(db));
}
