// The remote orders folder's contract: GET lists its files, POST uploads one.

export const REMOTE_ORDERS_PATH = '/api/remote-orders';
/** DELETE: removes a file from the folder. */
export const remoteOrderFilePath = (file: string): string => `${REMOTE_ORDERS_PATH}/${encodeURIComponent(file)}`;
/** POST {file}: imports a waiting file (ImportOutcome). */
export const REMOTE_ORDERS_IMPORT_PATH = `${REMOTE_ORDERS_PATH}/import`;

export type RemoteOrderFileState = 'waiting' | 'imported' | 'failed';
export type RemoteOrderBookingRef = { id: number; number: string | null };
/** A file of the folder (GET answers {data: RemoteOrderFile[]}). */
export type RemoteOrderFile = {
  file: string;
  state: RemoteOrderFileState;
  size: number;
  modified_at: string;
  bookings: RemoteOrderBookingRef[];
  errors: string[];
  imported_at: string | null;
};
export type RemoteOrderImportOutcome = {
  status: 'success' | 'partial' | 'failed';
  booking: RemoteOrderBookingRef | null;
  bookings: (RemoteOrderBookingRef & { created: boolean })[];
  errors: string[];
};
