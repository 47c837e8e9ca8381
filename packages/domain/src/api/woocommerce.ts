// The online shop's contract.

export const WOOCOMMERCE_TEST_CONNECTION_PATH = '/api/woocommerce/test-connection';
