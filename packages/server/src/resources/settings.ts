import { SECRET_SETTINGS, SU_ONLY_SETTINGS } from '@app/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { isSu } from '../core/context.js';
import { ref, table } from '../engine/sql.js';
import type { Resource } from '../engine/types.js';
import { f } from './fields.js';

/**
 * The settings rows anyone but su may read: all but SU_ONLY_SETTINGS (the online shop's, su only). One rule for the
 * settings list below and the history of settings (resources/history.ts); the single-key read checks the same list
 * (services/settings.ts isSuOnlySetting).
 */
const isOpenSetting = (alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${ref(alias, 'key')} not in (${sql.join(SU_ONLY_SETTINGS.map((k) => sql`${k}`))})`;

/** A history entry anyone but su may read: not one of a su-only setting (nor of a setting no longer there). */
export const isOpenHistoryEntry = (alias: string): RawBuilder<SqlBool> => {
  const s = `${alias}_setting`;
  return sql<SqlBool>`(${ref(alias, 'resource')} <> 'settings' or ${ref(alias, 'record_id')} in (select ${ref(s, 'id')} from ${table('settings', s)} where ${isOpenSetting(s)}))`;
};

/**
 * GET /api/settings (e.g. filters=key|like|~planning_~). One key at a time is read and written
 * by /api/settings/{key} (special endpoints). The online-shop credentials are su-only: the list
 * hides them from everybody else.
 */
export const settings: Resource = {
  name: 'settings',
  table: 'settings',
  fields: {
    id: f.id(),
    key: f.string({ notNull: true }),
    // A sealed secret (services/settings.ts SECRET_SETTINGS) is never answered, only whether one is set.
    value: {
      type: 'text',
      sql: (a) =>
        sql`case when ${ref(a, 'key')} in (${sql.join(SECRET_SETTINGS.map((k) => sql`${k}`))}) then null else ${ref(a, 'value')} end`,
    },
    is_set: {
      type: 'flag',
      sql: (a) => sql`case when ${ref(a, 'value')} is null or ${ref(a, 'value')} = '' then 0 else 1 end`,
    },
  },
  defaultOrder: [{ field: 'key', direction: 'ASC' }],
  scope: (ctx) => (isSu(ctx.auth) ? null : isOpenSetting),
  routes: { list: {} },
};
