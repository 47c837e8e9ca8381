import { pilotCreateSchema, pilotUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, exclusiveDefault, f, fullName, usedBy } from './fields.js';

export const pilots: Resource = {
  name: 'pilots',
  table: 'pilots',
  fields: {
    id: f.id(),
    first_name: f.alphabetical(),
    last_name: f.alphabetical(),
    full_name: fullName(),
    is_default: f.flag(),
    email: f.string(),
    phone: f.string(),
    weight: f.number(),
    bag_weight: f.number(),
    licence_number: f.string(),
    licence_expires_on: f.date(),
    medical_expires_on: f.date(),
  },
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'pilot_id' } },
  search: ['last_name', 'first_name'],
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  routes: crud(),
  write: {
    create: pilotCreateSchema,
    update: pilotUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'flights',
        column: 'pilot_id',
        message: usedBy('Ce pilote est affecté à', 'vol', 'vols'),
      },
    ],
  },
};
