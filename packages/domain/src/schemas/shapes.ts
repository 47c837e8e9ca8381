import { formatPhone } from '../phone.js';
import { optionalEmail, optionalText, requiredText } from './common.js';

// Shapes several entities' payloads share (their schemas live in each entity's module under api/).

/** Booking origin, business provider, passenger type, payment method and flight type: a label is required. */
export const labelShape = { label: requiredText() };

/** Pilot and teammate: first and last name required. */
export const personShape = {
  first_name: requiredText(),
  last_name: requiredText(),
  email: optionalEmail(),
  // Spaced in pairs, also for numbers that arrive by the API rather than through the dialog's tel field.
  phone: optionalText(50).transform((value) => (typeof value === 'string' ? formatPhone(value) : value)),
};
