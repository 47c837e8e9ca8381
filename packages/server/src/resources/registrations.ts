import { registrationCreateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { checkSeat, lockEditableFlight } from '../services/registrations.js';
import { f } from './fields.js';

export const registrations: Resource = {
  name: 'registrations',
  table: 'registrations',
  fields: {
    id: f.id(),
    flight_id: f.integer({ notNull: true }),
    passenger_id: f.integer({ notNull: true }),
    created_at: f.timestamp(),
  },
  relations: {
    flight: { kind: 'belongsTo', target: 'flights', foreignKey: 'flight_id' },
    passenger: { kind: 'belongsTo', target: 'passengers', foreignKey: 'passenger_id' },
  },
  defaultOrder: [{ field: 'id', direction: 'ASC' }],
  routes: { list: {}, read: {}, create: {}, delete: {} },
  write: {
    create: registrationCreateSchema,
    unique: [{ field: 'passenger_id', scope: 'flight_id', message: 'Ce passager est déjà inscrit sur ce vol.' }],
    beforeWrite: async ({ trx }, values) => {
      const isForced = values.force === 1;
      delete values.force;
      await checkSeat(trx, values.flight_id as number, isForced);
    },
    beforeDelete: async ({ trx }, existing) => {
      await lockEditableFlight(trx, existing.flight_id as number);
    },
  },
};
