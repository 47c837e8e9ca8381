import { businessProviderCreateSchema, businessProviderUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f, usedBy } from './fields.js';

export const businessProviders: Resource = {
  name: 'business-providers',
  table: 'business_providers',
  fields: { id: f.id(), label: f.alphabetical() },
  relations: { bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'business_provider_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud(),
  write: {
    create: businessProviderCreateSchema,
    update: businessProviderUpdateSchema,
    dependents: [
      {
        table: 'bookings',
        column: 'business_provider_id',
        message: usedBy('Cet apporteur est associé à', 'réservation', 'réservations'),
      },
    ],
  },
};
