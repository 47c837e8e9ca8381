import type { z } from 'zod';
import { id, payload, requiredText } from '../schemas/common.js';

// The registration requests' contract.

export const REGISTRATION_REQUESTS_PATH = '/api/registration-requests';
export const registrationRequestAcceptPath = (id: number): string => `${REGISTRATION_REQUESTS_PATH}/${id}/accept`;
export const registrationRequestRefusePath = (id: number): string => `${REGISTRATION_REQUESTS_PATH}/${id}/refuse`;

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// POST /api/public/registration-requests (issue 11): a customer on the public planning widget asks to join a flight
// with the booking number (or the alternative one) and the referent passenger's last name. Bounded lengths: the
// endpoint is open to anyone.
export const publicRegistrationRequestSchema = payload({
  flight_id: id(),
  booking_number: requiredText(50),
  last_name: requiredText(100),
});
export type PublicRegistrationRequest = z.input<typeof publicRegistrationRequestSchema>;

/** What staff decide (the confirmations 'Accepter' / 'Refuser'). */
export const REGISTRATION_REQUEST_STATUSES = {
  pending: { slug: 'pending', label: 'En attente', color: 'warning' },
  accepted: { slug: 'accepted', label: 'Acceptée', color: 'success' },
  refused: { slug: 'refused', label: 'Refusée', color: 'danger' },
} as const;
export type RegistrationRequestStatusSlug = keyof typeof REGISTRATION_REQUEST_STATUSES;

/**
 * The one answer to a filed request, whether the booking number and name matched or not (so the widget never tells
 * whether a booking exists).
 */
export const REGISTRATION_REQUEST_RECEIVED =
  "Merci ! Votre demande a bien été transmise. Si le numéro de réservation et le nom correspondent, nous vous confirmerons l'inscription par email.";
