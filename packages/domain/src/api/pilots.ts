import type { z } from 'zod';
import { BOUNDS } from '../schemas/bounds.js';
import { flag, optionalBounded, optionalDate, optionalText, payload } from '../schemas/common.js';
import { personShape } from '../schemas/shapes.js';

// The pilots' contract.

export const PILOTS_PATH = '/api/pilots';
/** GET: the pilot's logbook (PilotLogbook); `?format=pdf|csv` downloads it. */
export const pilotLogbookPath = (id: number): string => `${PILOTS_PATH}/${id}/logbook`;

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

const pilotShape = {
  ...personShape,
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
export type PilotCreate = z.input<typeof pilotCreateSchema>;
