import { prestationCreateSchema, prestationUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, exclusiveDefault, f, usedBy } from './fields.js';

export const prestations: Resource = {
  name: 'prestations',
  table: 'prestations',
  fields: {
    id: f.id(),
    label: f.alphabetical(),
    is_default: f.flag(),
    ticket_template_id: f.integer(),
  },
  relations: {
    ticket_template: { kind: 'belongsTo', target: 'ticket-templates', foreignKey: 'ticket_template_id' },
    bookings: { kind: 'hasMany', target: 'bookings', foreignKey: 'prestation_id' },
    flights: { kind: 'hasMany', target: 'flights', foreignKey: 'prestation_id' },
  },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  apiClient: { fields: ['id', 'label'] },
  routes: crud(),
  write: {
    create: prestationCreateSchema,
    update: prestationUpdateSchema,
    exclusive: exclusiveDefault,
    dependents: [
      {
        table: 'bookings',
        column: 'prestation_id',
        message: usedBy('Cette prestation est utilisée par', 'réservation', 'réservations'),
      },
      {
        table: 'flights',
        column: 'prestation_id',
        message: usedBy('Cette prestation est utilisée par', 'vol', 'vols'),
      },
    ],
  },
};
