import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFoundError } from '../core/errors.js';
import { flightPlanPdf, ticketsPdf } from '../pdf/lazy.js';
import { loadTicketOperator, sampleTicketSheet } from '../pdf/ticket-data.js';
import { pathId } from './params.js';

// Printed documents, shown inline in the app's frames and downloadable: tickets (issue 8, the booking's sheet and
// one passenger's) and the operational flight plan (issue 9). Same access as the pages that show them (signed-in
// staff; API keys are refused by the default policy).

/** A file name safe in a header whatever the booking number holds. */
const fileName = (prefix: string, number: string) => `${prefix}-${number.replace(/[^A-Za-z0-9_-]+/g, '_')}.pdf`;

function sendPdf(reply: FastifyReply, pdf: Buffer | null, name: string) {
  if (!pdf) throw new NotFoundError();
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      // Passengers change between two views of the same address: never show a stale sheet.
      .header('cache-control', 'no-store')
      .send(pdf)
  );
}

export async function registerDocumentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/api/bookings/:id/tickets.pdf', async (request, reply) => {
    const id = pathId(request);
    const booking = await db.selectFrom('bookings').select('number').where('id', '=', id).executeTakeFirst();
    if (!booking) throw new NotFoundError();
    return sendPdf(
      reply,
      await (await ticketsPdf()).renderBookingTicketsPdf(db, id),
      fileName('billets', booking.number),
    );
  });
  app.get('/api/passengers/:id/ticket.pdf', async (request, reply) => {
    const id = pathId(request);
    const passenger = await db
      .selectFrom('passengers')
      .select(['ticket_number'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!passenger) throw new NotFoundError();
    return sendPdf(
      reply,
      await (await ticketsPdf()).renderPassengerTicketPdf(db, id),
      fileName('billet', passenger.ticket_number ?? String(id)),
    );
  });
  app.get('/api/flights/:id/operational-flight-plan.pdf', async (request, reply) => {
    const id = pathId(request);
    const flight = await db
      .selectFrom('flights')
      .select(['scheduled_date', 'scheduled_time'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!flight) throw new NotFoundError();
    const name = `plan-de-vol-${flight.scheduled_date}-${flight.scheduled_time.slice(0, 5).replace(':', 'h')}`;
    return sendPdf(reply, await (await flightPlanPdf()).renderFlightPlanPdf(db, id), fileName(name, String(id)));
  });
  // The ticket template page's preview: the real renderer on sample passengers and the operator's own details, in
  // the template's base.
  app.get(
    '/api/ticket-templates/:id/preview.pdf',
    { config: { access: { capability: 'manage_ticket_templates' as const } } },
    async (request, reply) => {
      const id = pathId(request);
      const template = await db
        .selectFrom('ticket_templates')
        .select(['template_base'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!template) throw new NotFoundError();
      const sheet = sampleTicketSheet(template.template_base, await loadTicketOperator(db));
      return sendPdf(reply, await (await ticketsPdf()).renderTicketSheet(sheet), fileName('apercu-billet', String(id)));
    },
  );
}
