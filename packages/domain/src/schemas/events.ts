import type { z } from 'zod';
import { date, optionalText, payload, requiredText, time } from './common.js';

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
