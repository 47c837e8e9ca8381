import type { z } from 'zod';
import { CUSTOMER_TYPES } from '../reference.js';
import { id, optionalEmail, optionalText, payload, REQUIRED } from '../schemas/common.js';

// The customers' contract.

export const CUSTOMERS_PATH = '/api/customers';

// Each field staff keep on a customer, once: what a write accepts for it and its French name (forms, the booking
// page, exports). The answer type below, the server's table and resource, and the web's customer dialog, booking-page
// section and bookings export are typed against this list: a field added here is a compile error in each of them
// until it is placed there.
export const CUSTOMER_FIELDS = {
  customer_type_id: { label: 'Type de client', schema: id() },
  company_name: { label: 'Raison sociale', schema: optionalText() },
  last_name: { label: 'Nom', schema: optionalText() },
  first_name: { label: 'Prénom', schema: optionalText() },
  email: { label: 'Email', schema: optionalEmail() },
  phone: { label: 'Téléphone', schema: optionalText(50) },
  siret_number: { label: 'N° SIRET', schema: optionalText(50) },
  vat_number: { label: 'N° TVA', schema: optionalText(50) },
  address: { label: 'Adresse', schema: optionalText(500) },
  additional_address: { label: "Complément d'adresse", schema: optionalText(500) },
  zip_code: { label: 'Code postal', schema: optionalText(20) },
  town: { label: 'Ville', schema: optionalText() },
  country: { label: 'Pays', schema: optionalText() },
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
const shape = Object.fromEntries(Object.entries(CUSTOMER_FIELDS).map(([name, field]) => [name, field.schema])) as {
  [K in CustomerField]: (typeof CUSTOMER_FIELDS)[K]['schema'];
};

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
