import type { z } from 'zod';
import { flag, optionalEmail, optionalNumber, optionalText, payload, requiredText } from './common.js';

// SPEC §3 Pilot and Teammate, §5.1: first and last name required.
const person = {
  first_name: requiredText(),
  last_name: requiredText(),
  email: optionalEmail(),
  phone: optionalText(50),
};

const pilotShape = { ...person, is_default: flag().optional(), weight: optionalNumber(), bag_weight: optionalNumber() };
export const pilotCreateSchema = payload(pilotShape);
export const pilotUpdateSchema = payload(pilotShape).partial();
export const teammateCreateSchema = payload(person);
export const teammateUpdateSchema = payload(person).partial();
export type PilotCreate = z.input<typeof pilotCreateSchema>;
export type TeammateCreate = z.input<typeof teammateCreateSchema>;
