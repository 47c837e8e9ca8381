import { eventCreateSchema, eventUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { crud, f } from './fields.js';

export const events: Resource = {
  name: 'events',
  table: 'events',
  fields: {
    id: f.id(),
    scheduled_date: f.date({ notNull: true }),
    scheduled_time: f.time({ notNull: true }),
    title: f.string({ notNull: true }),
    description: f.text(),
  },
  search: ['title', 'description'],
  defaultOrder: [
    { field: 'scheduled_date', direction: 'ASC' },
    { field: 'scheduled_time', direction: 'ASC' },
  ],
  routes: crud(),
  write: { create: eventCreateSchema, update: eventUpdateSchema },
};
