import type { z } from 'zod';
import type { ListQuery } from '../query.js';
import { BOUNDS } from '../schemas/bounds.js';
import {
  bounded,
  flag,
  id,
  idList,
  optionalAmount,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalText,
  payload,
  requiredText,
} from '../schemas/common.js';
import type { PassengerSummary } from './passengers.js';

// The bookings' contract.

export const BOOKINGS_PATH = '/api/bookings';
export const bookingPath = (id: number): string => `${BOOKINGS_PATH}/${id}`;

/**
 * The booking page's read (GET /api/bookings/{id} with this query): the booking with its lookups, slots and referent,
 * and its passenger count. The customer is read on its own by the summary (GET /api/customers?filters=bookings.id|=|{id}).
 */
export const BOOKING_PAGE_QUERY: ListQuery = {
  embed: [
    'location',
    'prestation',
    'booking_origin',
    'business_provider',
    'payment_method',
    'flight_schedules',
    // The referent's flights are a read of their own (ReferentFlights): three more levels here cost the page's
    // main read half its speed on the bench.
    'referent_passenger',
  ],
  count: ['passengers'],
};

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
/** One answer of bookingLinkedPath (a booking of the same group), by number. */
export type LinkedBooking = BookingSummary & {
  /** The booking_links row, so that the link itself can be removed. */
  booking_link_id: number;
  referent_passenger: PassengerSummary | null;
  passengers_count: number;
};
/** POST {months, reason, send_mail}: extends the voucher's validity. */
export const bookingExtendValidityPath = (id: number): string => `${bookingPath(id)}/extend-validity`;
/** POST {refunded_on, amount}: records the refund. */
export const bookingRefundPath = (id: number): string => `${bookingPath(id)}/refund`;
/** GET: the validity attestation (PDF). */
export const bookingValidityPdfPath = (id: number): string => `${bookingPath(id)}/validity.pdf`;

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// Booking (POST/PUT /api/bookings). Status defaults to 1 (pending) on the server.
const shape = {
  number: requiredText(50),
  number_alt: optionalText(50),
  booked_at: optionalDate(),
  /** Last day the voucher may fly; set on creation from the purchase date when absent (issue 12). */
  validity_date: optionalDate(),
  passengers_number: bounded(BOUNDS.bookingPassengers),
  booking_status_id: id().optional(),
  customer_id: optionalId(),
  has_pre_flight_infos: flag().optional(),
  location_id: optionalId(),
  prestation_id: optionalId(),
  booking_origin_id: optionalId(),
  business_provider_id: optionalId(),
  paid_amount: optionalAmount(),
  total_amount: optionalAmount(),
  remaining_amount: optionalAmount(),
  refundable: flag().optional(),
  payment_method_id: optionalId(),
  /** Flight slots (flight_schedules ids), written through the booking_flight_schedules pivot. */
  flight_schedules: idList().optional(),
  /** Issue 28: the gift's recipient, who may receive the space link instead of the buyer. */
  beneficiary_name: optionalText(200),
  beneficiary_email: optionalEmail(),
};

export const bookingCreateSchema = payload(shape);
export const bookingUpdateSchema = payload(shape).partial();
export type BookingCreate = z.input<typeof bookingCreateSchema>;
export type BookingUpdate = z.input<typeof bookingUpdateSchema>;
