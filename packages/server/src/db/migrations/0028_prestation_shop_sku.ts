import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Issue 27: a prestation may name the shop's product that sells it (`shop_sku`, the WooCommerce SKU), so the
// import maps an order's line item to it explicitly (services/order-import.ts). Optional; unique when set (the
// index covers the exact text; the write also refuses one that differs only by case, accents, spaces or dashes,
// resources/prestations.ts). A booking imported with no prestation is 'Prestation à préciser', computed from its
// shop order or its partner order (resources/bookings.ts): remote_orders gets the index that lookup needs. Keep in
// sync with ../schema.ts.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('prestations').addColumn('shop_sku', 'varchar(100)').execute();
  await db.schema.createIndex('prestations_shop_sku').unique().on('prestations').column('shop_sku').execute();
  await db.schema.createIndex('remote_orders_booking').on('remote_orders').column('booking_id').execute();
}
