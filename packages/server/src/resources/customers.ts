import {
  CUSTOMER_TYPES,
  customerCreateSchema,
  customerRequiredErrors,
  customerUpdateSchema,
  isIndividualCustomerType,
} from '@app/domain';
import { sql } from 'kysely';
import { ValidationError } from '../core/errors.js';
import type { CustomersTable } from '../db/schema.js';
import { ref } from '../engine/sql.js';
import type { FieldsOf, Resource } from '../engine/types.js';
import { f, fullNameSql, usedBy } from './fields.js';

// Customers: company name required unless individual, last name when individual; an individual has no company name, SIRET or VAT.
export const customers: Resource = {
  name: 'customers',
  table: 'customers',
  // Every column of the contract, or the compiler says which is missing.
  fields: {
    id: f.id(),
    customer_type_id: f.integer({ notNull: true }),
    first_name: f.string(),
    last_name: f.string({ textIndex: true }),
    company_name: f.string(),
    email: f.string(),
    // Stored as typed ('06 12 34 56 78'): searched on its digits, so '0612345678' or '06.12.34' finds it.
    phone: f.string({ searchAs: 'digits' }),
    siret_number: f.string(),
    vat_number: f.string(),
    address: f.string(),
    additional_address: f.string(),
    zip_code: f.string(),
    town: f.string(),
    country: f.string(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
    /** The name staff know the customer by: domain's customerDisplayName in SQL (company first, unless individual). */
    full_name: {
      type: 'string',
      sql: (a) =>
        sql`case when coalesce(${ref(a, 'customer_type_id')}, 0) <> ${sql.lit(CUSTOMER_TYPES.individual.id)}
          and trim(coalesce(${ref(a, 'company_name')}, '')) <> '' then trim(${ref(a, 'company_name')})
          else coalesce(nullif(${fullNameSql(a)}, ''), nullif(trim(${ref(a, 'company_name')}), '')) end`,
    },
  } satisfies FieldsOf<CustomersTable>,
  relations: {
    customer_type: { kind: 'belongsTo', target: 'customer-types', foreignKey: 'customer_type_id' },
    bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'customer_id' },
  },
  search: ['last_name', 'first_name', 'company_name', 'email', 'phone'],
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  routes: { list: {}, read: {}, create: {}, update: {}, delete: {} },
  write: {
    create: customerCreateSchema,
    update: customerUpdateSchema,
    beforeWrite: (_scope, values, existing) => {
      const merged = { ...existing, ...values } as Parameters<typeof customerRequiredErrors>[0];
      const errors = customerRequiredErrors(merged);
      if (Object.keys(errors).length) throw new ValidationError(errors);
      if (merged.customer_type_id && isIndividualCustomerType(merged.customer_type_id)) {
        values.company_name = null;
        values.siret_number = null;
        values.vat_number = null;
      }
    },
    dependents: [
      {
        table: 'bookings',
        column: 'customer_id',
        message: usedBy('Ce client est associé à', 'réservation', 'réservations'),
      },
    ],
  },
};
