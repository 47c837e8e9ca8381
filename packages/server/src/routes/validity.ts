import { bookingRefundSchema, flightPostponeSchema, validityExtensionSchema } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { getResource } from '../engine/index.js';
import { postponeFlight } from '../services/postponement.js';
import { refundBooking } from '../services/refund.js';
import { extendValidity, validityAttestation } from '../services/validity.js';
import { bodyOf, pathId } from './params.js';

// Issue 12: the weather postponement in one action and 'Prolonger' on a booking (docs/api.md). Any signed-in user,
// like the status changes and booking edits they stand for.

export async function registerValidityRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.post('/api/flights/:id/postpone', async (request) => {
    const flightId = pathId(request);
    const input = flightPostponeSchema.parse(bodyOf(request));
    const result = await postponeFlight(db, flightId, { sendMail: input.send_mail, auth: request.auth });
    // The flight as GET /api/flights/{id} reads it, beside what the action did. `smtp_configured`: whether the
    // queued mails will leave by themselves, or wait in the outbox until an SMTP server is set (SMTP_URL).
    return {
      ...result,
      smtp_configured: app.ctx.config.smtpUrl !== undefined,
      flight: await getResource({ ...app.ctx, auth: request.auth }, 'flights', flightId),
    };
  });

  app.post('/api/bookings/:id/extend-validity', async (request, reply) => {
    const bookingId = pathId(request);
    const input = validityExtensionSchema.parse(bodyOf(request));
    const extension = await extendValidity(db, bookingId, input, request.auth ?? null);
    return reply.code(201).send(extension);
  });

  // Issue 29: 'Rembourser' (the refund recorded, the booking canceled).
  app.post('/api/bookings/:id/refund', async (request) => {
    const bookingId = pathId(request);
    const input = bookingRefundSchema.parse(bodyOf(request));
    return refundBooking(db, bookingId, input, request.auth ?? null);
  });

  // Issue 29: the 'Attestation de validité' staff download and send (signed-in staff, as the tickets).
  app.get('/api/bookings/:id/validity.pdf', async (request, reply) => {
    const { pdf, name } = await validityAttestation(db, pathId(request));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
