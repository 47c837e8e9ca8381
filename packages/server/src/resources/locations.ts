import { locationCreateSchema, locationUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, exclusiveDefault, f, usedBy } from './fields.js';

export const locations: Resource = {
  name: 'locations',
  table: 'locations',
  fields: {
    id: f.id(),
    label: f.alphabetical(),
    is_default: f.flag(),
    is_restrictive: f.flag(),
    takeoff_altitude: f.number(),
    flight_max_altitude: f.number(),
    risk_factors: f.text(),
  },
  relations: {
    bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'location_id' },
    flights: { kind: 'hasMany', target: 'flights', foreignKey: 'location_id' },
  },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label', 'is_restrictive'] },
  routes: crud(),
  write: {
    create: locationCreateSchema,
    update: locationUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'bookings',
        column: 'location_id',
        message: usedBy('Ce lieu de vol est utilisé par', 'réservation', 'réservations'),
      },
      {
        table: 'flights',
        column: 'location_id',
        message: usedBy('Ce lieu de vol est utilisé par', 'vol', 'vols'),
      },
    ],
  },
};
