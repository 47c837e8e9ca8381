import { describe, expect, it } from 'vitest';
import { CUSTOMER_TYPES } from '../reference.js';
import { customerDisplayName } from './customers.js';

describe('customerDisplayName: how staff name a customer everywhere', () => {
  it("names an association or a company by its name, even when a contact person's name is known", () => {
    for (const type of [CUSTOMER_TYPES.association.id, CUSTOMER_TYPES.professional.id]) {
      const name = customerDisplayName({
        customer_type_id: type,
        first_name: 'Jeanne',
        last_name: 'Martin',
        company_name: ' Les Amis du Ciel ',
      });
      expect(name).toBe('Les Amis du Ciel');
    }
  });

  it('names a person by first and last name, an individual always so', () => {
    expect(
      customerDisplayName({
        customer_type_id: CUSTOMER_TYPES.individual.id,
        first_name: ' Jeanne',
        last_name: 'Martin ',
        company_name: 'Ancienne société',
      }),
    ).toBe('Jeanne Martin');
    expect(customerDisplayName({ customer_type_id: null, first_name: null, last_name: 'Martin' })).toBe('Martin');
  });

  it('falls back on what there is, and on nothing to an empty name', () => {
    expect(customerDisplayName({ customer_type_id: CUSTOMER_TYPES.professional.id, last_name: 'Martin' })).toBe(
      'Martin',
    );
    expect(customerDisplayName({ customer_type_id: CUSTOMER_TYPES.individual.id, company_name: 'Seule' })).toBe(
      'Seule',
    );
    expect(customerDisplayName({ customer_type_id: CUSTOMER_TYPES.association.id, company_name: '  ' })).toBe('');
  });
});
