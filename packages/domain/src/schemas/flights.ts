import type { z } from 'zod';
import { BOUNDS } from './bounds.js';
import {
  date,
  flag,
  id,
  idList,
  optionalBounded,
  optionalId,
  optionalText,
  optionalTime,
  payload,
  time,
} from './common.js';

// Flight (POST/PUT /api/flights). Date and time required; status defaults to 1 (planned);
// teammates is a list of ids written through flight_teammates.
const shape = {
  scheduled_date: date(),
  scheduled_time: time(),
  is_public: flag().optional(),
  takeoff_temperature: optionalBounded(BOUNDS.takeoffTemperature),
  flight_max_altitude: optionalBounded(BOUNDS.altitude),
  flight_type_id: optionalId(),
  location_id: optionalId(),
  prestation_id: optionalId(),
  balloon_id: optionalId(),
  pilot_id: optionalId(),
  takeoff_time: optionalTime(),
  landing_time: optionalTime(),
  flight_status_id: id().optional(),
  teammates: idList().optional(),
  // Issue 30: the fuel loaded (kg) and the logbook's after-flight fields.
  fuel_loaded: optionalBounded(BOUNDS.fuelLoaded),
  landing_place: optionalText(120),
  remarks: optionalText(2000, { isMultiline: true }),
  incidents: optionalText(2000, { isMultiline: true }),
};

export const flightCreateSchema = payload(shape);
export const flightUpdateSchema = payload(shape).partial();
export type FlightCreate = z.input<typeof flightCreateSchema>;
export type FlightUpdate = z.input<typeof flightUpdateSchema>;
