import type { z } from 'zod';
import { BOUNDS } from './bounds.js';
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
} from './common.js';

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
