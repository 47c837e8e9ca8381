import { SETTINGS_PATH, type SettingRow, WOOCOMMERCE_TEST_CONNECTION_PATH } from '@app/domain';
import { api } from '../client';
import { resource } from '../reads';

// The settings' reads and write: rows of {key, value}, read by key or by a key pattern, written together.

const settings = resource<SettingRow>('settings');

export const settingsReads = {
  /** The settings whose key matches `pattern` (e.g. '~planning_~'). */
  like: (pattern: string) => settings.list({ filters: [{ field: 'key', op: 'like', value: pattern }] }),
  /** The settings named by `keys`. */
  keys: (keys: readonly string[]) => settings.list({ filters: [{ field: 'key', op: 'in', value: [...keys] }] }),
};

/** Writes several settings at once (PUT /api/settings {settings: [{key, value}]}). */
export const saveSettings = (body: unknown) => api.put(SETTINGS_PATH, body);

/** Reads the online shop with the saved address and keys: whether it answered, and the shop's own words. */
export const testShopConnection = () => api.post<{ ok: boolean; message: string }>(WOOCOMMERCE_TEST_CONNECTION_PATH);
