import { CUSTOMER_FIELDS, CUSTOMER_TYPES_PATH, type Customer, type CustomerField } from '@app/domain';
import type { FormField, FormSection } from '../../components/ReferenceData';

// Where each field of the customers' contract (domain api/customers.ts) shows: in the customer dialog, on the booking
// page's customer card, in the bookings list's CSV export. Typed against the contract: a field added there is a
// compile error here until it is placed (or left out, said so) in each of the three.

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type Placement = {
  /** Its input in the customer dialog (labelled by the contract), in the first part or under 'Adresse'. */
  form: DistributiveOmit<FormField, 'name' | 'label'> & { section: 'main' | 'address' };
  /** On the booking page's card: a row of its own, within its name, type or address row (CustomerSection), or not shown. */
  card: 'row' | 'combined' | null;
  /** A column of the bookings list's CSV export, after the customer's name. */
  csv: boolean;
};

const PLACEMENTS = {
  customer_type_id: {
    form: {
      section: 'main',
      kind: 'select',
      isRequired: true,
      options: { endpoint: CUSTOMER_TYPES_PATH, labelField: 'label' },
      loadFailedMessage: 'Erreur de chargement des types de client',
    },
    card: 'combined',
    csv: false,
  },
  company_name: { form: { section: 'main', kind: 'text' }, card: 'combined', csv: false },
  last_name: { form: { section: 'main', kind: 'text', autoComplete: 'family-name' }, card: 'combined', csv: false },
  first_name: { form: { section: 'main', kind: 'text', autoComplete: 'given-name' }, card: 'combined', csv: false },
  email: { form: { section: 'main', kind: 'email' }, card: 'row', csv: false },
  phone: { form: { section: 'main', kind: 'phone' }, card: 'row', csv: false },
  siret_number: { form: { section: 'main', kind: 'text', maxLength: 50 }, card: null, csv: false },
  vat_number: { form: { section: 'main', kind: 'text', maxLength: 50 }, card: null, csv: false },
  address: {
    form: { section: 'address', kind: 'text', maxLength: 500, isWide: true, autoComplete: 'address-line1' },
    card: 'combined',
    csv: false,
  },
  additional_address: {
    form: { section: 'address', kind: 'text', maxLength: 500, isWide: true, autoComplete: 'address-line2' },
    card: null,
    csv: false,
  },
  zip_code: {
    form: { section: 'address', kind: 'text', maxLength: 20, autoComplete: 'postal-code' },
    card: 'combined',
    csv: false,
  },
  town: { form: { section: 'address', kind: 'text', autoComplete: 'address-level2' }, card: 'combined', csv: false },
  country: { form: { section: 'address', kind: 'text', autoComplete: 'country-name' }, card: null, csv: false },
} satisfies Record<CustomerField, Placement>;

const placed = Object.entries(PLACEMENTS) as [CustomerField, Placement][];

function sectionFields(section: Placement['form']['section']): FormField[] {
  return placed
    .filter(([, placement]) => placement.form.section === section)
    .map(([name, { form }]) => {
      const { section: _section, ...input } = form;
      return { ...input, name, label: CUSTOMER_FIELDS[name] } as FormField;
    });
}

/** The customer dialog's fields. */
export const CUSTOMER_SECTIONS: FormSection[] = [
  { fields: sectionFields('main') },
  { title: 'Adresse', fields: sectionFields('address') },
];

/** Company fields: shown and sent only when the customer is not an individual (switching to individual clears them). */
export const COMPANY_FIELDS: readonly string[] = [
  'company_name',
  'siret_number',
  'vat_number',
] satisfies CustomerField[];

/** The booking page card's own rows, after its name, type and before its address. */
export const customerCardRows = (customer: Customer) =>
  placed
    .filter(([, placement]) => placement.card === 'row')
    .map(([name]) => ({ label: CUSTOMER_FIELDS[name], value: customer[name] }));

/** The customer's columns of the bookings list's CSV export: [header, field path] after its name. */
export const CUSTOMER_CSV_COLUMNS: [string, string][] = placed
  .filter(([, placement]) => placement.csv)
  .map(([name]) => [`${CUSTOMER_FIELDS[name]} (client)`, `customer.${name}`]);
