import type { z } from 'zod';
import { id, payload, requiredText } from '../schemas/common.js';

// The booking notes' contract.

export const BOOKING_NOTES_PATH = '/api/booking-notes';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// POST or PUT /api/booking-notes {content, booking_id}.
const shape = { content: requiredText(10000, { isMultiline: true }), booking_id: id() };
export const bookingNoteCreateSchema = payload(shape);
export const bookingNoteUpdateSchema = payload(shape).partial();
export type BookingNoteCreate = z.input<typeof bookingNoteCreateSchema>;
export type BookingNoteUpdate = z.input<typeof bookingNoteUpdateSchema>;
