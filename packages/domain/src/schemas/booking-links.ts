import type { z } from 'zod';
import { id, payload } from './common.js';

// POST /api/booking-links. A link reads both ways (bookings' linked_bookings).
export const bookingLinkCreateSchema = payload({ booking_id: id(), linked_booking_id: id() }).refine(
  (v) => v.booking_id !== v.linked_booking_id,
  { message: 'Une réservation ne peut pas être liée à elle-même.', path: ['linked_booking_id'] },
);
export type BookingLinkCreate = z.input<typeof bookingLinkCreateSchema>;
