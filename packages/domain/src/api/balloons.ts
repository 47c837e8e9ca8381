// The balloons' contract.

export const BALLOONS_PATH = '/api/balloons';
/** GET: the balloon's technical log (TechnicalLog); `?format=csv` downloads it. */
export const balloonTechnicalLogPath = (id: number): string => `${BALLOONS_PATH}/${id}/technical-log`;
/** POST: records an inspection (date, kind, hours, by whom, remarks); the latest becomes the balloon's last. */
export const balloonInspectionsPath = (id: number): string => `${BALLOONS_PATH}/${id}/inspections`;
