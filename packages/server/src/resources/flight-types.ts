import { flightTypeCreateSchema, flightTypeUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f, usedBy } from './fields.js';

export const flightTypes: Resource = {
  name: 'flight-types',
  table: 'flight_types',
  fields: { id: f.id(), label: f.alphabetical(), is_default: f.flag() },
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'flight_type_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label'] },
  routes: crud(),
  write: {
    create: flightTypeCreateSchema,
    update: flightTypeUpdateSchema,
    exclusive: [{ field: 'is_default' }],
    dependents: [
      {
        table: 'flights',
        column: 'flight_type_id',
        message: usedBy('Ce type de vol est utilisé par', 'vol', 'vols'),
      },
    ],
  },
};
