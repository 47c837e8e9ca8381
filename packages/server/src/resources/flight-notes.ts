import { flightNoteCreateSchema, flightNoteUpdateSchema } from '@app/domain';
import { authorOf } from '../core/context.js';
import type { Resource } from '../engine/types.js';
import { assertFlightNotSealed } from '../services/flight-records.js';
import { crud, f } from './fields.js';

export const flightNotes: Resource = {
  name: 'flight-notes',
  table: 'flight_notes',
  fields: {
    id: f.id(),
    flight_id: f.integer({ notNull: true }),
    content: f.text({ notNull: true }),
    is_pinned: f.flag(),
    user_id: f.integer(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  },
  relations: { flight: { kind: 'belongsTo', target: 'flights', foreignKey: 'flight_id' } },
  search: ['content'],
  defaultOrder: [{ field: 'created_at', direction: 'ASC' }],
  routes: crud(),
  write: {
    create: flightNoteCreateSchema,
    update: flightNoteUpdateSchema,
    beforeWrite: async ({ trx, ctx }, values, existing) => {
      // Issue 30: the notes are the flight's remarks, sealed with its record.
      if (existing) await assertFlightNotSealed(trx, Number(existing.flight_id));
      if (values.flight_id !== undefined) await assertFlightNotSealed(trx, Number(values.flight_id));
      if (!existing) values.user_id = authorOf(ctx.auth);
    },
    beforeDelete: ({ trx }, existing) => assertFlightNotSealed(trx, Number(existing.flight_id)),
  },
};
