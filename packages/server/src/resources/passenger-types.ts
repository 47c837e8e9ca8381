import { passengerTypeCreateSchema, passengerTypeUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f, usedBy } from './fields.js';

export const passengerTypes: Resource = {
  name: 'passenger-types',
  table: 'passenger_types',
  fields: { id: f.id(), label: f.alphabetical() },
  relations: { passengers: { kind: 'hasMany', target: 'passengers', foreignKey: 'passenger_type_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud(),
  write: {
    create: passengerTypeCreateSchema,
    update: passengerTypeUpdateSchema,
    dependents: [
      {
        table: 'passengers',
        column: 'passenger_type_id',
        message: usedBy('Cette qualité est attribuée à', 'passager', 'passagers'),
      },
    ],
  },
};
