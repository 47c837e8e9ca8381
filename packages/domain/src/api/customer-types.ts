// The customer types' contract (individual, company...: isIndividualCustomerType tells them apart).

export const CUSTOMER_TYPES_PATH = '/api/customer-types';
