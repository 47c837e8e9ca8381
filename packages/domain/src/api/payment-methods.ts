// The payment methods' contract.

export const PAYMENT_METHODS_PATH = '/api/payment-methods';
