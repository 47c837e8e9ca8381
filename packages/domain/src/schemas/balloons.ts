import type { z } from 'zod';
import { flag, integer, number, optionalNumber, optionalText, payload, requiredText } from './common.js';

// SPEC §3 Balloon, §5.1: label, passengers (capacity) and takeoff_max_mass required.
const shape = {
  label: requiredText(),
  is_default: flag().optional(),
  passengers: integer(1),
  takeoff_max_mass: number().positive('La valeur doit être positive.'),
  landing_min_mass: optionalNumber(),
  empty_mass: optionalNumber(),
  market_mass: optionalNumber(),
  registration_number: optionalText(50),
  type: optionalText(100),
  volume: optionalNumber(),
  gas_mass: optionalNumber(),
  envelope_temperature: optionalNumber(),
  hourly_consumption: optionalNumber(),
  autonomy_time: optionalNumber(),
  flying_time: optionalNumber(),
  reserve_time: optionalNumber(),
};

export const balloonCreateSchema = payload(shape);
export const balloonUpdateSchema = payload(shape).partial();
export type BalloonCreate = z.input<typeof balloonCreateSchema>;
export type BalloonUpdate = z.input<typeof balloonUpdateSchema>;
