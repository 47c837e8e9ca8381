import { z } from 'zod';
import { BALLOON_INSPECTION_KINDS } from '../logbooks.js';
import { BOUNDS } from '../schemas/bounds.js';
import {
  bounded,
  date,
  flag,
  optionalBounded,
  optionalDate,
  optionalText,
  payload,
  requiredText,
} from '../schemas/common.js';

// The balloons' contract.

export const BALLOONS_PATH = '/api/balloons';
/** GET: the balloon's technical log (TechnicalLog); `?format=csv` downloads it. */
export const balloonTechnicalLogPath = (id: number): string => `${BALLOONS_PATH}/${id}/technical-log`;
/** POST: records an inspection (date, kind, hours, by whom, remarks); the latest becomes the balloon's last. */
export const balloonInspectionsPath = (id: number): string => `${BALLOONS_PATH}/${id}/inspections`;

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// Balloon: label, passengers (capacity) and takeoff_max_mass required. Masses in kg, volume in m³,
// hourly_consumption in kg/h, autonomy/flying/reserve times in minutes (server services/flight-masses.ts); each
// within its range of bounds.ts.
const shape = {
  label: requiredText(),
  is_default: flag().optional(),
  passengers: bounded(BOUNDS.balloonCapacity),
  takeoff_max_mass: bounded(BOUNDS.takeoffMaxMass),
  landing_min_mass: optionalBounded(BOUNDS.balloonMass),
  empty_mass: optionalBounded(BOUNDS.balloonMass),
  market_mass: optionalBounded(BOUNDS.balloonMass),
  registration_number: optionalText(50),
  type: optionalText(100),
  volume: optionalBounded(BOUNDS.volume),
  gas_mass: optionalBounded(BOUNDS.balloonMass),
  envelope_temperature: optionalBounded(BOUNDS.envelopeTemperature),
  hourly_consumption: optionalBounded(BOUNDS.hourlyConsumption),
  autonomy_time: optionalBounded(BOUNDS.duration),
  flying_time: optionalBounded(BOUNDS.duration),
  reserve_time: optionalBounded(BOUNDS.duration),
  // Issue 30: the technical log and the fuel reserve.
  hours_before: optionalBounded(BOUNDS.balloonHours),
  last_inspection_on: optionalDate(),
  hours_at_last_inspection: optionalBounded(BOUNDS.balloonHours),
  cylinders: optionalBounded(BOUNDS.cylinders),
};

export const balloonCreateSchema = payload(shape);
export const balloonUpdateSchema = payload(shape).partial();
export type BalloonCreate = z.input<typeof balloonCreateSchema>;
export type BalloonUpdate = z.input<typeof balloonUpdateSchema>;

/** An inspection recorded on the balloon's technical log: when, which, the hours then, by whom, remarks. */
export const balloonInspectionSchema = payload({
  inspected_on: date(),
  kind: z.enum(Object.keys(BALLOON_INSPECTION_KINDS) as [keyof typeof BALLOON_INSPECTION_KINDS], {
    error: 'Type de visite inconnu.',
  }),
  hours: optionalBounded(BOUNDS.balloonHours),
  inspector: optionalText(120),
  remarks: optionalText(2000, { isMultiline: true }),
});
export type BalloonInspectionCreate = z.input<typeof balloonInspectionSchema>;
