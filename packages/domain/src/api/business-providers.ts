// The business providers' contract.

export const BUSINESS_PROVIDERS_PATH = '/api/business-providers';
