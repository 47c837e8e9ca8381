import { ticketTemplateCreateSchema, ticketTemplateUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, DEFAULT_LABEL_ORDER, f } from './fields.js';

export const ticketTemplates: Resource = {
  name: 'ticket-templates',
  table: 'ticket_templates',
  fields: { id: f.id(), label: f.string({ notNull: true }), template_base: f.string({ notNull: true }) },
  relations: { prestations: { kind: 'hasMany', target: 'prestations', foreignKey: 'ticket_template_id' } },
  search: ['label'],
  defaultOrder: DEFAULT_LABEL_ORDER,
  routes: crud({}, { capability: 'manage_ticket_templates' }),
  write: {
    create: ticketTemplateCreateSchema,
    update: ticketTemplateUpdateSchema,
    relations: ['prestations'],
  },
};
