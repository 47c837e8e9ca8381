import type { Kysely } from 'kysely';
import { NotFoundError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { flightPlanPdf, ticketsPdf } from '../pdf/lazy.js';
import { loadTicketOperator, sampleTicketSheet } from '../pdf/ticket-data.js';

// Printed documents (routes/documents.ts serves them): tickets (issue 8, the booking's sheet and one passenger's),
// the operational flight plan (issue 9) and the ticket template's preview. Each is its PDF and the file's name; an
// unknown record is a 404, a PDF that cannot be made is null.

export type PrintedDocument = { pdf: Buffer | null; name: string };

/** A file name safe in a header whatever the booking number holds. */
const fileName = (prefix: string, number: string) => `${prefix}-${number.replace(/[^A-Za-z0-9_-]+/g, '_')}.pdf`;

/** The booking's tickets, one per passenger. */
export async function bookingTickets(db: Kysely<DB>, bookingId: number): Promise<PrintedDocument> {
  const booking = await db.selectFrom('bookings').select('number').where('id', '=', bookingId).executeTakeFirst();
  if (!booking) throw new NotFoundError();
  const pdf = await (await ticketsPdf()).renderBookingTicketsPdf(db, bookingId);
  return { pdf, name: fileName('billets', booking.number) };
}

/** One passenger's ticket. */
export async function passengerTicket(db: Kysely<DB>, passengerId: number): Promise<PrintedDocument> {
  const passenger = await db
    .selectFrom('passengers')
    .select(['ticket_number'])
    .where('id', '=', passengerId)
    .executeTakeFirst();
  if (!passenger) throw new NotFoundError();
  const pdf = await (await ticketsPdf()).renderPassengerTicketPdf(db, passengerId);
  return { pdf, name: fileName('billet', passenger.ticket_number ?? String(passengerId)) };
}

/** The flight's operational flight plan, named after its date and time. */
export async function flightPlan(db: Kysely<DB>, flightId: number): Promise<PrintedDocument> {
  const flight = await db
    .selectFrom('flights')
    .select(['scheduled_date', 'scheduled_time'])
    .where('id', '=', flightId)
    .executeTakeFirst();
  if (!flight) throw new NotFoundError();
  const name = `plan-de-vol-${flight.scheduled_date}-${flight.scheduled_time.slice(0, 5).replace(':', 'h')}`;
  const pdf = await (await flightPlanPdf()).renderFlightPlanPdf(db, flightId);
  return { pdf, name: fileName(name, String(flightId)) };
}

/** The ticket template page's preview: the real renderer on sample passengers and the operator's own details. */
export async function ticketTemplatePreview(db: Kysely<DB>, templateId: number): Promise<PrintedDocument> {
  const template = await db
    .selectFrom('ticket_templates')
    .select(['template_base'])
    .where('id', '=', templateId)
    .executeTakeFirst();
  if (!template) throw new NotFoundError();
  const sheet = sampleTicketSheet(template.template_base, await loadTicketOperator(db));
  const pdf = await (await ticketsPdf()).renderTicketSheet(sheet);
  return { pdf, name: fileName('apercu-billet', String(templateId)) };
}
