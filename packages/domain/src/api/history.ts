// The history's contract: every change, and one record's changes under its own path.

export const HISTORY_PATH = '/api/history';
/** GET ?page=: a booking's or a flight's 'Historique', 20 entries a page, newest first. */
export const recordHistoryPath = (recordPath: string, id: number, page: number): string =>
  `${recordPath}/${id}/history?page=${page}`;
