import { prestationCreateSchema, prestationUpdateSchema, productKey, SHOP_SKU_TAKEN } from '@app/domain';
import { ValidationError } from '../core/errors.js';
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
    shop_sku: f.string(),
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
    unique: [{ field: 'shop_sku', message: SHOP_SKU_TAKEN }],
    // Issue 27: the shop's import compares SKUs accents, case, spaces and dashes aside (services/order-import.ts);
    // two SKUs that differ only so would make both prestations ambiguous, so the second is refused as taken.
    beforeWrite: async ({ trx }, values, existing) => {
      const sku = values.shop_sku;
      if (typeof sku !== 'string' || productKey(sku) === '') return;
      const others = await trx
        .selectFrom('prestations')
        .select(['id', 'shop_sku'])
        .where('shop_sku', 'is not', null)
        .where('id', '<>', existing ? Number(existing.id) : 0)
        .execute();
      if (others.some((other) => other.shop_sku !== null && productKey(other.shop_sku) === productKey(sku))) {
        throw new ValidationError({ shop_sku: [SHOP_SKU_TAKEN] }, SHOP_SKU_TAKEN);
      }
    },
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
