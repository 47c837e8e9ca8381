import type { z } from 'zod';
import { flag, id, payload, requiredText } from '../schemas/common.js';

// The flight notes' contract.

export const FLIGHT_NOTES_PATH = '/api/flight-notes';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// POST or PUT /api/flight-notes {content, is_pinned, flight_id}.
const shape = { content: requiredText(10000, { isMultiline: true }), is_pinned: flag().optional(), flight_id: id() };
export const flightNoteCreateSchema = payload(shape);
export const flightNoteUpdateSchema = payload(shape).partial();
export type FlightNoteCreate = z.input<typeof flightNoteCreateSchema>;
export type FlightNoteUpdate = z.input<typeof flightNoteUpdateSchema>;
