// The online shop's contract.

export const WOOCOMMERCE_TEST_CONNECTION_PATH = '/api/woocommerce/test-connection';
/** GET: whether the shop's address and keys are set (ShopStatus). */
export const WOOCOMMERCE_STATUS_PATH = '/api/woocommerce/status';
/** POST: imports the shop's last orders; answers the bookings made (a failure's body lists them as `imported`). */
export const WOOCOMMERCE_IMPORT_ORDERS_PATH = '/api/woocommerce/import-orders';

export type ShopStatus = { configured: boolean };
