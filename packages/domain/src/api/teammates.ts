// The ground crew's contract.

export const TEAMMATES_PATH = '/api/teammates';
