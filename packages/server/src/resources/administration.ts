import { emailTemplateUpdateSchema, SECRET_SETTINGS, SU_ONLY_SETTINGS } from '@app/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { ref, table } from '../engine/sql.js';
import type { EngineContext, Resource } from '../engine/types.js';
import { sanitizeEmailHtml } from '../mail/html.js';
import { f, fullName, readOnly } from './fields.js';

// Settings (list only), email templates, users and roles (read-only here: the auth work owns user writes).

export const isSu = (ctx: EngineContext) => ctx.auth?.kind === 'user' && ctx.auth.user.role.slug === 'su';

/**
 * The settings rows anyone but su may read: all but SU_ONLY_SETTINGS (the online shop's, su only). One rule for the
 * settings list below and the history of settings (resources/history.ts); the single-key read checks the same list
 * (services/settings.ts isSuOnlySetting).
 */
export const isOpenSetting = (alias: string): RawBuilder<SqlBool> =>
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
  scope: (ctx) => (isSu(ctx) ? null : isOpenSetting),
  routes: { list: {} },
};

/** Stored bodies pass the allow-list every mail passes again once its variables are in (mail/html.ts). */
export const sanitizeEmailBody = (html: string): string => sanitizeEmailHtml(html);

export const emailTemplates: Resource = {
  name: 'email-templates',
  table: 'email_templates',
  fields: {
    id: f.id(),
    slug: f.string({ notNull: true }),
    label: f.string({ notNull: true }),
    subject: f.string({ notNull: true }),
    body: f.text({ notNull: true }),
    /** JSON-encoded list of the variable texts the body may use. */
    variables: f.text({ notNull: true }),
  },
  defaultOrder: [{ field: 'label', direction: 'ASC' }],
  routes: { list: {}, read: {}, update: { capability: 'manage_settings' } },
  write: {
    update: emailTemplateUpdateSchema,
    beforeWrite: (_scope, values) => {
      if (typeof values.body === 'string') values.body = sanitizeEmailBody(values.body);
    },
  },
};

const USERS_ACCESS = { capability: 'manage_users' as const, suBypass: false };

/** The users page needs manage_users, with no su bypass. password_hash is never declared. */
export const users: Resource = {
  name: 'users',
  table: 'users',
  fields: {
    id: f.id(),
    first_name: f.string({ notNull: true }),
    last_name: f.string({ notNull: true }),
    full_name: fullName(),
    email: f.string({ notNull: true }),
    role_id: f.integer({ notNull: true }),
    is_active: f.flag(),
    last_login_at: f.timestamp(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  },
  relations: { role: { kind: 'belongsTo', target: 'roles', foreignKey: 'role_id' } },
  search: ['last_name', 'first_name', 'email'],
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  routes: readOnly(USERS_ACCESS),
};
