// The booking links' contract: two bookings of one group, linked both ways (POST creates, DELETE unlinks).

export const BOOKING_LINKS_PATH = '/api/booking-links';

/** POST body (bookingLinkCreateSchema checks it). */
export type BookingLinkPayload = { booking_id: number; linked_booking_id: number };
