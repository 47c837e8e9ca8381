// The field's contract: the pilot's flights (FieldFlight[]) and the offline operations' sync.

export const FIELD_FLIGHTS_PATH = '/api/field/flights';
/** POST {operations}: FieldSyncAnswer. */
export const FIELD_SYNC_PATH = '/api/field/sync';
