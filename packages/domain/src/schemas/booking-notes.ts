import type { z } from 'zod';
import { id, payload, requiredText } from './common.js';

// POST or PUT /api/booking-notes {content, booking_id}.
const shape = { content: requiredText(10000, { isMultiline: true }), booking_id: id() };
export const bookingNoteCreateSchema = payload(shape);
export const bookingNoteUpdateSchema = payload(shape).partial();
export type BookingNoteCreate = z.input<typeof bookingNoteCreateSchema>;
export type BookingNoteUpdate = z.input<typeof bookingNoteUpdateSchema>;
