// The requested dates' contract.

export const REQUESTED_DATES_PATH = '/api/requested-dates';
