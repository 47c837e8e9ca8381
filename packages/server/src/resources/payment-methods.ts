import { paymentMethodCreateSchema, paymentMethodUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f, usedBy } from './fields.js';

export const paymentMethods: Resource = {
  name: 'payment-methods',
  table: 'payment_methods',
  fields: { id: f.id(), label: f.alphabetical() },
  relations: { bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'payment_method_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud(),
  write: {
    create: paymentMethodCreateSchema,
    update: paymentMethodUpdateSchema,
    dependents: [
      {
        table: 'bookings',
        column: 'payment_method_id',
        message: usedBy('Ce moyen de paiement est utilisé par', 'réservation', 'réservations'),
      },
    ],
  },
};
