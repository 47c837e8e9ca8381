import type { z } from 'zod';
import { CUSTOMER_TYPES } from '../reference.js';
import { id, optionalEmail, optionalText, payload, REQUIRED } from '../schemas/common.js';

// The customers' contract.

export const CUSTOMERS_PATH = '/api/customers';

// Each field staff keep on a customer, once, with its French name (forms, the booking page, exports, the history).
// The answer type below, the server's table and resource, what a write accepts (below) and the web's customer
// dialog, booking-page section and bookings export are typed against this list: a field added here is a compile error
// in each of them until it is placed there. Names only: the web app reads them on its first screens, which must not
// load and build the validation library for them (140 ms of a phone's first visit).
export const CUSTOMER_FIELDS = {
  customer_type_id: 'Type de client',
  company_name: 'Raison sociale',
  last_name: 'Nom',
  first_name: 'Prénom',
  email: 'Email',
  phone: 'Téléphone',
  siret_number: 'N° SIRET',
  vat_number: 'N° TVA',
  address: 'Adresse',
  additional_address: "Complément d'adresse",
  zip_code: 'Code postal',
  town: 'Ville',
  country: 'Pays',
} as const;

export type CustomerField = keyof typeof CUSTOMER_FIELDS;
/** The fields kept as text (all but the type). */
export type CustomerTextField = Exclude<CustomerField, 'customer_type_id'>;

/** A customer as the API answers it (`GET /api/customers`, its embeds and counts when asked). */
export type Customer = { id: number; customer_type_id: number } & { [K in CustomerTextField]: string | null } & {
  /** The name staff know the customer by (customerDisplayName below, in SQL). */
  full_name?: string | null;
  created_at?: string;
  updated_at?: string;
  customer_type?: { id: number; label: string } | null;
  bookings_count?: number;
};

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.
// Customer: company name required unless the type is individual; last name when individual.
// Switching to individual clears company name, SIRET and VAT (the server applies it on every write).
// What each field accepts: every field of the list above, and only those (`satisfies`).
const shape = {
  customer_type_id: id(),
  company_name: optionalText(),
  last_name: optionalText(),
  first_name: optionalText(),
  email: optionalEmail(),
  phone: optionalText(50),
  siret_number: optionalText(50),
  vat_number: optionalText(50),
  address: optionalText(500),
  additional_address: optionalText(500),
  zip_code: optionalText(20),
  town: optionalText(),
  country: optionalText(),
} satisfies Record<CustomerField, z.ZodType>;

export const isIndividualCustomerType = (customerTypeId: number): boolean =>
  customerTypeId === CUSTOMER_TYPES.individual.id;

type CustomerNames = { customer_type_id?: number | null; last_name?: string | null; company_name?: string | null };

/**
 * How staff name a customer everywhere (screens, CSV, PDFs, mails): an association's or a company's name, else the
 * person's first and last name (and the company's name when there is no person's). The server's `customers.full_name`
 * is the same rule in SQL (resources/customers.ts), tested against this one.
 */
export function customerDisplayName(customer: CustomerNames & { first_name?: string | null }): string {
  const company = (customer.company_name ?? '').trim();
  const person = `${(customer.first_name ?? '').trim()} ${(customer.last_name ?? '').trim()}`.trim();
  const isIndividual =
    customer.customer_type_id !== undefined &&
    customer.customer_type_id !== null &&
    isIndividualCustomerType(customer.customer_type_id);
  if (company && !isIndividual) return company;
  return person || company;
}

/** The conditional requirement (company name, or last name for an individual), on the whole record (create payload, or current row merged with an update). */
export function customerRequiredErrors(values: CustomerNames): Record<string, string[]> {
  if (values.customer_type_id === undefined || values.customer_type_id === null) return {};
  if (isIndividualCustomerType(values.customer_type_id)) {
    return values.last_name ? {} : { last_name: [REQUIRED] };
  }
  return values.company_name ? {} : { company_name: [REQUIRED] };
}

export const customerCreateSchema = payload(shape).superRefine((values, ctx) => {
  for (const [field, [message]] of Object.entries(customerRequiredErrors(values))) {
    ctx.addIssue({ code: 'custom', message: message ?? REQUIRED, path: [field] });
  }
});
export const customerUpdateSchema = payload(shape).partial();
export type CustomerCreate = z.input<typeof customerCreateSchema>;
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;
