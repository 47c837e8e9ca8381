import type { z } from 'zod';
import { formatPhone } from '../phone.js';
import { BOUNDS } from './bounds.js';
import { flag, optionalBounded, optionalDate, optionalEmail, optionalText, payload, requiredText } from './common.js';

// Pilot and teammate: first and last name required.
const person = {
  first_name: requiredText(),
  last_name: requiredText(),
  email: optionalEmail(),
  // Spaced in pairs, also for numbers that arrive by the API rather than through the dialog's tel field.
  phone: optionalText(50).transform((value) => (typeof value === 'string' ? formatPhone(value) : value)),
};

const pilotShape = {
  ...person,
  is_default: flag().optional(),
  weight: optionalBounded(BOUNDS.pilotWeight),
  bag_weight: optionalBounded(BOUNDS.bagWeight),
  // Issue 30: the pilot's currency.
  licence_number: optionalText(40),
  licence_expires_on: optionalDate(),
  medical_expires_on: optionalDate(),
};
export const pilotCreateSchema = payload(pilotShape);
export const pilotUpdateSchema = payload(pilotShape).partial();
export const teammateCreateSchema = payload(person);
export const teammateUpdateSchema = payload(person).partial();
export type PilotCreate = z.input<typeof pilotCreateSchema>;
export type TeammateCreate = z.input<typeof teammateCreateSchema>;
