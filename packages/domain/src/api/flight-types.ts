import type { z } from 'zod';
import { flag, payload } from '../schemas/common.js';
import { labelShape } from '../schemas/shapes.js';

// The flight types' contract.

export const FLIGHT_TYPES_PATH = '/api/flight-types';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

const flightTypeShape = { ...labelShape, is_default: flag().optional() };
export const flightTypeCreateSchema = payload(flightTypeShape);
export const flightTypeUpdateSchema = payload(flightTypeShape).partial();
export type FlightTypeCreate = z.input<typeof flightTypeCreateSchema>;
