import type { Resource } from '../engine/types.js';
import { byPosition, readOnly, statusFields } from './fields.js';

export const flightStatuses: Resource = {
  name: 'flight-statutes',
  table: 'flight_statuses',
  fields: statusFields,
  relations: { flights: { kind: 'hasMany', target: 'flights', foreignKey: 'flight_status_id' } },
  defaultOrder: byPosition,
  apiClient: { fields: ['id', 'slug', 'label'] },
  routes: readOnly(),
};
