import type { z } from 'zod';
import { BOUNDS } from '../schemas/bounds.js';
import { flag, optionalBounded, optionalText, payload, requiredText } from '../schemas/common.js';

// The take-off places' contract.

export const LOCATIONS_PATH = '/api/locations';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// Location (is_restrictive defaults to 1 in the database): label required.
const shape = {
  label: requiredText(),
  is_default: flag().optional(),
  is_restrictive: flag().optional(),
  takeoff_altitude: optionalBounded(BOUNDS.altitude),
  flight_max_altitude: optionalBounded(BOUNDS.altitude),
  risk_factors: optionalText(10000, { isMultiline: true }),
};

export const locationCreateSchema = payload(shape);
export const locationUpdateSchema = payload(shape).partial();
export type LocationCreate = z.input<typeof locationCreateSchema>;
export type LocationUpdate = z.input<typeof locationUpdateSchema>;
