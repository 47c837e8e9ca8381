import {
  BOOKING_ORIGINS_PATH,
  BOUNDS,
  BUSINESS_PROVIDERS_PATH,
  LIST_LOAD_FAILED_MESSAGES,
  LOCATIONS_PATH,
  PASSENGER_TYPES_PATH,
  PAYMENT_METHODS_PATH,
  PRESTATIONS_PATH,
  rangeOf,
} from '@app/domain';
import type { FormField, FormSection } from '../../components/ReferenceData';

// The fields of the booking dialogs (General booking info, Billing, Customer, Passenger edit), declared
// once and drawn by the generic FormSections of the reference-data dialogs.

const select = (
  name: string,
  label: string,
  endpoint: string,
  loadFailedMessage: string,
  labelField = 'label',
): FormField => ({ name, label, kind: 'select', options: { endpoint, labelField }, loadFailedMessage });

const origin = select('booking_origin_id', 'Origine', BOOKING_ORIGINS_PATH, LIST_LOAD_FAILED_MESSAGES.bookingOrigins);
const provider = select(
  'business_provider_id',
  'Apporteur',
  BUSINESS_PROVIDERS_PATH,
  LIST_LOAD_FAILED_MESSAGES.businessProviders,
);

/** General booking info; the number (locked) and the flight slots are drawn by the dialog itself. */
export const GENERAL_SECTIONS: FormSection[] = [
  {
    fields: [
      { name: 'number', label: 'Numéro de réservation', kind: 'text', isRequired: true, maxLength: 50 },
      { name: 'number_alt', label: 'Numéro alternatif', kind: 'text', maxLength: 50 },
      {
        name: 'passengers_number',
        label: 'Nombre de passagers',
        kind: 'number',
        isRequired: true,
        ...rangeOf(BOUNDS.bookingPassengers),
        step: 1,
      },
      { name: 'booked_at', label: "Date d'achat", kind: 'date' },
      { name: 'validity_date', label: 'Date de validité', kind: 'date' },
      select('location_id', 'Lieu de vol', LOCATIONS_PATH, LIST_LOAD_FAILED_MESSAGES.locations),
      select('prestation_id', 'Prestation', PRESTATIONS_PATH, LIST_LOAD_FAILED_MESSAGES.prestations),
      origin,
      provider,
      { name: 'has_pre_flight_infos', label: 'Informations pré-vol envoyées', kind: 'switch', isWide: true },
    ],
  },
  {
    // Issue 28: a gift's recipient, who may receive the space link instead of the buyer.
    title: 'Bénéficiaire (bon cadeau)',
    fields: [
      { name: 'beneficiary_name', label: 'Nom du bénéficiaire', kind: 'text', maxLength: 200 },
      { name: 'beneficiary_email', label: 'Email du bénéficiaire', kind: 'email' },
    ],
  },
];

export const BILLING_SECTIONS: FormSection[] = [
  {
    fields: [
      select('payment_method_id', 'Moyen de paiement', PAYMENT_METHODS_PATH, LIST_LOAD_FAILED_MESSAGES.paymentMethods),
      { name: 'refundable', label: 'Remboursable', kind: 'switch' },
      { name: 'total_amount', label: 'Montant total (€)', kind: 'number', ...rangeOf(BOUNDS.amount), step: 0.01 },
      { name: 'paid_amount', label: 'Montant déjà payé (€)', kind: 'number', ...rangeOf(BOUNDS.amount), step: 0.01 },
      { name: 'remaining_amount', label: 'Reste à payer (€)', kind: 'number', ...rangeOf(BOUNDS.amount), step: 0.01 },
    ],
  },
  { title: 'Provenance', fields: [origin, provider] },
];

export const PASSENGER_SECTIONS: FormSection[] = [
  {
    fields: [
      { name: 'ticket_number', label: 'Numéro de billet', kind: 'text', isRequired: true, maxLength: 50 },
      {
        name: 'passenger_type_id',
        label: 'Qualité',
        kind: 'select',
        isRequired: true,
        options: { endpoint: PASSENGER_TYPES_PATH, labelField: 'label' },
        loadFailedMessage: LIST_LOAD_FAILED_MESSAGES.passengerTypes,
      },
      { name: 'first_name', label: 'Prénom', kind: 'text', isRequired: true, autoComplete: 'off' },
      { name: 'last_name', label: 'Nom', kind: 'text', isRequired: true, autoComplete: 'off' },
      { name: 'email', label: 'Email', kind: 'email' },
      { name: 'phone', label: 'Téléphone', kind: 'phone' },
      { name: 'age', label: 'Âge', kind: 'number', ...rangeOf(BOUNDS.passengerAge), step: 1 },
      { name: 'weight', label: 'Poids (kg)', kind: 'number', ...rangeOf(BOUNDS.passengerWeight), step: 'any' },
      { name: 'department', label: 'Département', kind: 'text', maxLength: 10 },
      { name: 'is_referent', label: 'Passager référent', kind: 'switch' },
    ],
  },
];
