import { z } from 'zod';
import { BOUNDS, type Bound } from './schemas/bounds.js';
import {
  date,
  id,
  optionalBounded,
  optionalEmail,
  optionalId,
  optionalText,
  payload,
  requiredText,
} from './schemas/common.js';

// Issue 28: the passenger's private space per booking (/espace/{token}). What the customer may write there, and
// what the page reads; shared by the server (which checks every write with these) and the public page.

/** Weight asked in the space: narrower than staff's bound, a customer's typo (8 kg, 800 kg) is refused. */
export const SPACE_WEIGHT: Bound = { min: 20, max: 250, unit: 'kg', subject: 'Le poids' };

/** The one answer to a wrong, revoked or expired link, whatever the reason (nothing tells which). */
export const SPACE_NOT_FOUND =
  "Ce lien n'est pas valide ou a expiré. Demandez un nouveau lien à l'organisateur de votre vol.";

/** Where the history shows what a customer did through their space. */
export const SPACE_ACTOR = 'Client (espace en ligne)';

const passengerShape = {
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: optionalEmail(),
  phone: optionalText(50),
  age: optionalBounded(BOUNDS.passengerAge),
  weight: optionalBounded(SPACE_WEIGHT),
  passenger_type_id: optionalId(),
};
export const spacePassengerCreateSchema = payload(passengerShape);
export const spacePassengerUpdateSchema = payload(passengerShape).partial();
export type SpacePassengerInput = z.input<typeof spacePassengerCreateSchema>;

export const spaceRequestedDateSchema = payload({ date: date() });
export const spaceRegistrationRequestSchema = payload({ flight_id: id() });

/** Staff: the gift's beneficiary receives the link ('Bon cadeau : votre espace') rather than the buyer. */
export const spaceLinkMailSchema = payload({
  to: z.enum(['buyer', 'beneficiary'], { error: 'Destinataire invalide : acheteur ou bénéficiaire.' }),
});

export type SpaceFlight = {
  id: number;
  date: string;
  time: string;
  location: string | null;
  status: { slug: string; label: string };
};

export type SpaceOffer = {
  id: number;
  date: string;
  time: string;
  location: string | null;
  prestation: string | null;
  seats_left: number | null;
  /** A request of this booking already waits for it. */
  is_requested: boolean;
};

export type SpacePassenger = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  age: number | null;
  weight: number | null;
  passenger_type_id: number | null;
  is_referent: boolean;
};

export type BookingSpace = {
  booking: {
    number: string;
    prestation: string | null;
    location: string | null;
    validity_date: string | null;
    status: { slug: string; label: string };
    passengers_number: number;
    /** Passengers, dates and requests may change (a completed booking only shows). */
    is_editable: boolean;
  };
  next_flight: SpaceFlight | null;
  last_flight: SpaceFlight | null;
  /** The flight postponed for the weather when no flight is planned since: 'Votre vol du … a été reporté'. */
  postponed_flight: SpaceFlight | null;
  passengers: SpacePassenger[];
  passenger_types: { id: number; label: string }[];
  requested_dates: { id: number; date: string }[];
  offers: SpaceOffer[];
  registration_requests: { id: number; flight_id: number; date: string; time: string; status: string }[];
  today: string;
};

/** Staff's view of the booking's links (the token itself is never kept: only shown when created). */
export type SpaceLinkState = {
  is_active: boolean;
  created_at: string | null;
  last_used_at: string | null;
  expires_at: string | null;
};
