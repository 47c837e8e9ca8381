import type { z } from 'zod';
import { flag, payload, requiredText } from './common.js';

// Origin, provider, flight type, passenger type, payment method need a label.
const labelShape = { label: requiredText() };

export const bookingOriginCreateSchema = payload(labelShape);
export const bookingOriginUpdateSchema = payload(labelShape).partial();
export const businessProviderCreateSchema = payload(labelShape);
export const businessProviderUpdateSchema = payload(labelShape).partial();
export const paymentMethodCreateSchema = payload(labelShape);
export const paymentMethodUpdateSchema = payload(labelShape).partial();
export const passengerTypeCreateSchema = payload(labelShape);
export const passengerTypeUpdateSchema = payload(labelShape).partial();

const flightTypeShape = { label: requiredText(), is_default: flag().optional() };
export const flightTypeCreateSchema = payload(flightTypeShape);
export const flightTypeUpdateSchema = payload(flightTypeShape).partial();

export type LabelPayload = z.input<typeof bookingOriginCreateSchema>;
export type FlightTypeCreate = z.input<typeof flightTypeCreateSchema>;
