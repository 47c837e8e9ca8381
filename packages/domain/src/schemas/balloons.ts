import type { z } from 'zod';
import { flag, integer, number, optionalNumber, optionalText, payload, requiredText } from './common.js';

// A mass, volume or duration below zero is a typing slip, never a real value (envelope temperature may be anything).
const measure = () => optionalNumber().refine((v) => v == null || v >= 0, 'La valeur doit être positive ou nulle.');

// SPEC §3 Balloon, §5.1: label, passengers (capacity) and takeoff_max_mass required. Masses in kg, volume in m³,
// hourly_consumption in kg/h, autonomy/flying/reserve times in minutes (server services/flight-masses.ts).
const shape = {
  label: requiredText(),
  is_default: flag().optional(),
  passengers: integer(1),
  takeoff_max_mass: number().positive('La valeur doit être positive.'),
  landing_min_mass: measure(),
  empty_mass: measure(),
  market_mass: measure(),
  registration_number: optionalText(50),
  type: optionalText(100),
  volume: measure(),
  gas_mass: measure(),
  envelope_temperature: optionalNumber(),
  hourly_consumption: measure(),
  autonomy_time: measure(),
  flying_time: measure(),
  reserve_time: measure(),
};

export const balloonCreateSchema = payload(shape);
export const balloonUpdateSchema = payload(shape).partial();
export type BalloonCreate = z.input<typeof balloonCreateSchema>;
export type BalloonUpdate = z.input<typeof balloonUpdateSchema>;
