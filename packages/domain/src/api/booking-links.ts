import type { z } from 'zod';
import { id, payload } from '../schemas/common.js';

// The booking links' contract: two bookings of one group, linked both ways (POST creates, DELETE unlinks).

export const BOOKING_LINKS_PATH = '/api/booking-links';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// POST /api/booking-links. A link reads both ways (bookings' linked_bookings).
export const bookingLinkCreateSchema = payload({ booking_id: id(), linked_booking_id: id() }).refine(
  (v) => v.booking_id !== v.linked_booking_id,
  { message: 'Une réservation ne peut pas être liée à elle-même.', path: ['linked_booking_id'] },
);
/** POST body. */
export type BookingLinkPayload = z.input<typeof bookingLinkCreateSchema>;
