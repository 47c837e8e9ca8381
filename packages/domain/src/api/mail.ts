import { z } from 'zod';
import { payload } from '../schemas/common.js';

// The mails' contract: the mails staff send from a booking or a flight, and the test mail (POST answers its
// recipient). Sending only queues (202); the outbox (outbox.ts) shows what left.

export const MAIL_TEST_PATH = '/api/mail/test';

/** The templates staff send from a booking (POST /api/bookings/{id}/emails). */
export const BOOKING_TEMPLATES = ['booking-confirmation', 'pre-flight-information', 'tickets'] as const;
export type BookingTemplate = (typeof BOOKING_TEMPLATES)[number];

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

/** POST /api/bookings/{id}/emails: the template to send to the booking's referent (or its customer). */
export const bookingMailSchema = payload({
  template: z.enum(BOOKING_TEMPLATES, {
    error: "Le modèle d'email doit être booking-confirmation, pre-flight-information ou tickets.",
  }),
});
export type BookingMailPayload = z.input<typeof bookingMailSchema>;

/** POST /api/flights/{id}/convocations and POST /api/mail/test take no field (an empty object, or no body). */
export const noFieldMailSchema = payload({});
