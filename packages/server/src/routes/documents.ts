import type { FastifyInstance, FastifyReply } from 'fastify';
import { NotFoundError } from '../core/errors.js';
import {
  bookingTickets,
  flightPlan,
  type PrintedDocument,
  passengerTicket,
  ticketTemplatePreview,
} from '../services/documents.js';
import { pathId } from './params.js';

// Printed documents, shown inline in the app's frames and downloadable (made by services/documents.ts). Same access
// as the pages that show them (signed-in staff; API keys are refused by the default policy).

function sendPdf(reply: FastifyReply, { pdf, name }: PrintedDocument) {
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
  app.get('/api/bookings/:id/tickets.pdf', async (request, reply) =>
    sendPdf(reply, await bookingTickets(db, pathId(request))),
  );
  app.get('/api/passengers/:id/ticket.pdf', async (request, reply) =>
    sendPdf(reply, await passengerTicket(db, pathId(request))),
  );
  app.get('/api/flights/:id/operational-flight-plan.pdf', async (request, reply) =>
    sendPdf(reply, await flightPlan(db, pathId(request))),
  );
  app.get(
    '/api/ticket-templates/:id/preview.pdf',
    { config: { access: { capability: 'manage_ticket_templates' as const } } },
    async (request, reply) => sendPdf(reply, await ticketTemplatePreview(db, pathId(request))),
  );
}
