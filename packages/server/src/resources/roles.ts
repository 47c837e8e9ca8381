import type { Resource } from '../engine/types.js';
import { f } from './fields.js';

export const roles: Resource = {
  name: 'roles',
  table: 'roles',
  fields: { id: f.id(), slug: f.string({ notNull: true }), label: f.string({ notNull: true }) },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: { list: {} },
};
