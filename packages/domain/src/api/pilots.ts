// The pilots' contract.

export const PILOTS_PATH = '/api/pilots';
/** GET: the pilot's logbook (PilotLogbook); `?format=pdf|csv` downloads it. */
export const pilotLogbookPath = (id: number): string => `${PILOTS_PATH}/${id}/logbook`;
