import type { z } from 'zod';
import { BOUNDS } from '../schemas/bounds.js';
import {
  flag,
  id,
  optionalBounded,
  optionalEmail,
  optionalId,
  optionalText,
  payload,
  requiredText,
} from '../schemas/common.js';

// The passengers' contract.

export const PASSENGERS_PATH = '/api/passengers';
export const passengerPath = (id: number): string => `${PASSENGERS_PATH}/${id}`;

/** A passenger as the booking and flight pages list them (full_name built from the two names). */
export type PassengerSummary = {
  id: number;
  booking_id: number;
  ticket_number: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string;
  is_referent: number;
  email: string | null;
  phone: string | null;
  department: string | null;
  age: number | null;
  weight: number | null;
  passenger_type_id: number | null;
};
/** GET: the passenger's printed ticket (PDF). */
export const passengerTicketPdfPath = (id: number): string => `${passengerPath(id)}/ticket.pdf`;

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

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
