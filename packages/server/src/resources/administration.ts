import { createRequire } from 'node:module';
import { ALLOWED_LINK_SCHEMES, emailTemplateUpdateSchema, SECRET_SETTINGS, SU_ONLY_SETTINGS } from '@app/domain';
import { sql } from 'kysely';
import type sanitizeHtmlType from 'sanitize-html';
import { ref } from '../engine/sql.js';
import type { EngineContext, Resource } from '../engine/types.js';
import { f, fullName, readOnly } from './fields.js';

// Settings (list only), email templates, users and roles (read-only here: the auth work owns user writes).

const isSu = (ctx: EngineContext) => ctx.auth?.kind === 'user' && ctx.auth.user.role.slug === 'su';

/**
 * GET /api/settings (SPEC §7.1, e.g. filters=key|like|~planning_~). One key at a time is read and written
 * by /api/settings/{key} (special endpoints). The online-shop credentials are su-only (SPEC §6): the list
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
  scope: (ctx) =>
    isSu(ctx)
      ? null
      : (alias) => sql`${ref(alias, 'key')} not in (${sql.join(SU_ONLY_SETTINGS.map((k) => sql`${k}`))})`,
  routes: { list: {} },
};

// Loaded on the first template saved, not at start: sanitize-html and its parsers are a tenth of the server's
// start-up (issue 13: a restart serves in under 3 s).
const requireModule = createRequire(import.meta.url);
const loadSanitizeHtml = (): typeof sanitizeHtmlType => requireModule('sanitize-html') as typeof sanitizeHtmlType;

/** Rich-text bodies keep the editor's formatting (SPEC §5.5) and nothing that could run or leak. */
export function sanitizeEmailBody(html: string): string {
  return loadSanitizeHtml()(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'p',
      'br',
      'hr',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'a',
      'span',
      'ul',
      'ol',
      'li',
      'blockquote',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'], p: ['style'], '*': [] },
    allowedStyles: { '*': { color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^var\(--[\w-]+\)$/i] } },
    allowedSchemes: [...ALLOWED_LINK_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
  });
}

export const emailTemplates: Resource = {
  name: 'email-templates',
  table: 'email_templates',
  fields: {
    id: f.id(),
    slug: f.string({ notNull: true }),
    label: f.string({ notNull: true }),
    subject: f.string({ notNull: true }),
    body: f.text({ notNull: true }),
    /** JSON-encoded list of the variable texts the body may use (SPEC §3). */
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

/** SPEC §6: the users page needs manage_users, with no su bypass. password_hash is never declared. */
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
