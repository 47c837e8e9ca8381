import type { Resource } from '../engine/types.js';
import { f, readOnly } from './fields.js';

export const customerTypes: Resource = {
  name: 'customer-types',
  table: 'customer_types',
  fields: { id: f.id(), slug: f.string({ notNull: true }), label: f.string({ notNull: true }) },
  relations: { customers: { kind: 'hasMany', target: 'customers', foreignKey: 'customer_type_id' } },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: readOnly(),
};
