import type { z } from 'zod';
import { BOUNDS } from './bounds.js';
import { flag, id, optionalBounded, optionalEmail, optionalId, optionalText, payload, requiredText } from './common.js';

// Passenger (ticket number, first and last name required): ticket_number, is_referent and
// booking_id are set on creation; a passenger never moves to another booking.
const editable = {
  ticket_number: requiredText(50),
  first_name: requiredText(),
  last_name: requiredText(),
  is_referent: flag().optional(),
  email: optionalEmail(),
  phone: optionalText(50),
  department: optionalText(10),
  age: optionalBounded(BOUNDS.passengerAge),
  weight: optionalBounded(BOUNDS.passengerWeight),
  passenger_type_id: optionalId(),
};

export const passengerCreateSchema = payload({ ...editable, booking_id: id() });
export const passengerUpdateSchema = payload(editable).partial();
export type PassengerCreate = z.input<typeof passengerCreateSchema>;
export type PassengerUpdate = z.input<typeof passengerUpdateSchema>;
