import type { z } from 'zod';
import { flag, id, payload, requiredText } from './common.js';

// POST or PUT /api/flight-notes {content, is_pinned, flight_id}.
const shape = { content: requiredText(10000, { isMultiline: true }), is_pinned: flag().optional(), flight_id: id() };
export const flightNoteCreateSchema = payload(shape);
export const flightNoteUpdateSchema = payload(shape).partial();
export type FlightNoteCreate = z.input<typeof flightNoteCreateSchema>;
export type FlightNoteUpdate = z.input<typeof flightNoteUpdateSchema>;
