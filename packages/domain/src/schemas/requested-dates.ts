import type { z } from 'zod';
import { date, id, payload } from './common.js';

// POST /api/requested-dates {date, booking_id}; a date is requested once per booking.
export const requestedDateCreateSchema = payload({ date: date(), booking_id: id() });
export const requestedDateUpdateSchema = payload({ date: date() }).partial();
export type RequestedDateCreate = z.input<typeof requestedDateCreateSchema>;
export type RequestedDateUpdate = z.input<typeof requestedDateUpdateSchema>;
