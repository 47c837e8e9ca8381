import type { z } from 'zod';
import { date, id, payload } from '../schemas/common.js';

// The requested dates' contract.

export const REQUESTED_DATES_PATH = '/api/requested-dates';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// POST /api/requested-dates {date, booking_id}; a date is requested once per booking.
export const requestedDateCreateSchema = payload({ date: date(), booking_id: id() });
export const requestedDateUpdateSchema = payload({ date: date() }).partial();
export type RequestedDateCreate = z.input<typeof requestedDateCreateSchema>;
export type RequestedDateUpdate = z.input<typeof requestedDateUpdateSchema>;
