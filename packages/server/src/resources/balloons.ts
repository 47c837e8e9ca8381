import { balloonCreateSchema, balloonUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, exclusiveDefault, f, usedBy } from './fields.js';

export const balloons: Resource = {
  name: 'balloons',
  table: 'balloons',
  fields: {
    id: f.id(),
    label: f.alphabetical(),
    is_default: f.flag(),
    passengers: f.integer({ notNull: true }),
    takeoff_max_mass: f.number({ notNull: true }),
    landing_min_mass: f.number(),
    empty_mass: f.number(),
    market_mass: f.number(),
    registration_number: f.string(),
    type: f.string(),
    volume: f.number(),
    gas_mass: f.number(),
    envelope_temperature: f.number(),
    hourly_consumption: f.number(),
    autonomy_time: f.number(),
    flying_time: f.number(),
    reserve_time: f.number(),
    hours_before: f.number(),
    last_inspection_on: f.date(),
    hours_at_last_inspection: f.number(),
    cylinders: f.integer(),
  },
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'balloon_id' } },
  search: ['label', 'registration_number'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label', 'passengers'] },
  routes: crud(),
  write: {
    create: balloonCreateSchema,
    update: balloonUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'flights',
        column: 'balloon_id',
        message: usedBy('Ce ballon est utilisé par', 'vol', 'vols'),
      },
    ],
  },
};
