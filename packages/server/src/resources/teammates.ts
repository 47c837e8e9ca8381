import { teammateCreateSchema, teammateUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, f, fullName, usedBy } from './fields.js';

export const teammates: Resource = {
  name: 'teammates',
  table: 'teammates',
  fields: {
    id: f.id(),
    first_name: f.alphabetical(),
    last_name: f.alphabetical(),
    full_name: fullName(),
    email: f.string(),
    phone: f.string(),
  },
  relations: {
    flights: {
      kind: 'manyToMany',
      target: 'flights',
      pivot: 'flight_teammates',
      localKey: 'teammate_id',
      foreignKey: 'flight_id',
    },
  },
  search: ['last_name', 'first_name'],
  // Teammates by last name then first name.
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  routes: crud(),
  write: {
    create: teammateCreateSchema,
    update: teammateUpdateSchema,
    dependents: [
      {
        table: 'flight_teammates',
        column: 'teammate_id',
        message: usedBy('Cet équipier est affecté à', 'vol', 'vols'),
      },
    ],
  },
};
