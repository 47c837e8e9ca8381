import type { FastifyInstance } from 'fastify';
import { nextBookingNumber, nextTicketNumber } from '../services/booking-numbers.js';
import { listLinkedBookings } from '../services/bookings.js';
import { pathId } from './params.js';

export async function registerBookingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  app.get('/api/booking-next-number', async () => ({ number: await nextBookingNumber(db) }));
  app.get('/api/booking-next-ticket-number/:bookingId', async (request) => ({
    ticket_number: await nextTicketNumber(db, pathId(request, 'bookingId')),
  }));
  app.get('/api/bookings/:id/linked', async (request) => listLinkedBookings(db, pathId(request)));
}
