// The bookings' contract.

export const BOOKINGS_PATH = '/api/bookings';
export const bookingPath = (id: number): string => `${BOOKINGS_PATH}/${id}`;

/** A booking as the flight page groups its passengers under it. */
export type BookingSummary = {
  id: number;
  number: string;
  number_alt: string | null;
  booked_at: string | null;
  passengers_number: number;
  booking_status_id: number;
  booking_status: { id: number; slug: string; label: string };
  customer_id: number | null;
  location_id: number | null;
  prestation_id: number | null;
  has_pre_flight_infos: number;
};

/** GET: the number a new booking is offered (one above the year's highest; NextBookingNumber). */
export const BOOKING_NEXT_NUMBER_PATH = '/api/booking-next-number';
export type NextBookingNumber = { number: string };
/** GET: the ticket number a new passenger of the booking is offered (NextTicketNumber). */
export const bookingNextTicketNumberPath = (bookingId: number): string =>
  `/api/booking-next-ticket-number/${bookingId}`;
export type NextTicketNumber = { ticket_number: string };
/** GET: the bookings linked to this one, each with its booking_link_id and passengers_count. */
export const bookingLinkedPath = (id: number): string => `${bookingPath(id)}/linked`;
/** POST {months, reason, send_mail}: extends the voucher's validity. */
export const bookingExtendValidityPath = (id: number): string => `${bookingPath(id)}/extend-validity`;
/** POST {refunded_on, amount}: records the refund. */
export const bookingRefundPath = (id: number): string => `${bookingPath(id)}/refund`;
/** GET: the validity attestation (PDF). */
export const bookingValidityPdfPath = (id: number): string => `${bookingPath(id)}/validity.pdf`;
