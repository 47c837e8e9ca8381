// The customers' contract.

export const CUSTOMERS_PATH = '/api/customers';
