import type { z } from 'zod';
import { formatPhone } from '../phone.js';
import { flag, optionalEmail, optionalNumber, optionalText, payload, requiredText } from './common.js';

// SPEC §3 Pilot and Teammate, §5.1: first and last name required.
const person = {
  first_name: requiredText(),
  last_name: requiredText(),
  email: optionalEmail(),
  // SPEC §5.2 spacing, also for numbers that arrive by the API rather than through the dialog's tel field.
  phone: optionalText(50).transform((value) => (typeof value === 'string' ? formatPhone(value) : value)),
};

const pilotShape = {
  ...person,
  is_default: flag().optional(),
  weight: optionalNumber().refine((v) => v == null || v >= 0, 'La valeur doit être positive ou nulle.'),
  bag_weight: optionalNumber().refine((v) => v == null || v >= 0, 'La valeur doit être positive ou nulle.'),
};
export const pilotCreateSchema = payload(pilotShape);
export const pilotUpdateSchema = payload(pilotShape).partial();
export const teammateCreateSchema = payload(person);
export const teammateUpdateSchema = payload(person).partial();
export type PilotCreate = z.input<typeof pilotCreateSchema>;
export type TeammateCreate = z.input<typeof teammateCreateSchema>;
