// The settings' contract: a list of {key, value} rows; PUT {settings} writes some.

export const SETTINGS_PATH = '/api/settings';
/** One setting as GET /api/settings lists it; a secret answers only whether it is set. */
export type SettingRow = { key: string; value: string | null; is_set?: boolean };
