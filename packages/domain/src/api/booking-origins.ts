import type { z } from 'zod';
import { payload } from '../schemas/common.js';
import { labelShape } from '../schemas/shapes.js';

// The booking origins' contract.

export const BOOKING_ORIGINS_PATH = '/api/booking-origins';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

export const bookingOriginCreateSchema = payload(labelShape);
export const bookingOriginUpdateSchema = payload(labelShape).partial();
/** The payload of every entity that is only a label (origins, providers, passenger types, payment methods). */
export type LabelPayload = z.input<typeof bookingOriginCreateSchema>;
