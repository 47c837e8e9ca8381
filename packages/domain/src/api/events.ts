import type { z } from 'zod';
import { date, optionalText, payload, requiredText, time } from '../schemas/common.js';

// The planning notes' (events) contract.

export const EVENTS_PATH = '/api/events';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// Event / planning note: date, time, title required; the time is sent with seconds.
const shape = {
  scheduled_date: date(),
  scheduled_time: time(),
  title: requiredText(),
  description: optionalText(10000, { isMultiline: true }),
};

export const eventCreateSchema = payload(shape);
export const eventUpdateSchema = payload(shape).partial();
export type EventCreate = z.input<typeof eventCreateSchema>;
export type EventUpdate = z.input<typeof eventUpdateSchema>;
