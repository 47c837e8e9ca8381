// The remote orders folder's contract: GET lists its files, POST uploads one.

export const REMOTE_ORDERS_PATH = '/api/remote-orders';
