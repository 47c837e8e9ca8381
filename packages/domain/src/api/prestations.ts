// The prestations' contract.

export const PRESTATIONS_PATH = '/api/prestations';
