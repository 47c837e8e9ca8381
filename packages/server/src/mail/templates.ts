import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Mailer } from './mailer.js';

// Logic-less templating of the email_templates rows: `{{ name }}` is replaced by the value given for name, nothing
// else is interpreted. Values are data, never code: HTML-escaped in bodies, line breaks removed in subjects.

export type TemplateVariables = Record<string, string | number | null | undefined>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * A variable of the record with no value (a customer without a name) renders empty; a variable the record does
 * not know (a typo in an edited template) stays visible as written, so staff see it in the outbox and fix it.
 */
export function renderTemplate(template: string, variables: TemplateVariables, mode: 'html' | 'text'): string {
  return template.replace(PLACEHOLDER, (match, name: string) => {
    if (!Object.hasOwn(variables, name)) return mode === 'html' ? escapeHtml(match) : match;
    const value = variables[name];
    const text = value === null || value === undefined ? '' : String(value);
    return mode === 'html' ? escapeHtml(text) : text.replace(/[\r\n]+/g, ' ');
  });
}

export class MissingTemplateError extends Error {}

/** Renders the template of this slug with the variables and sends it through the mailer (queued, then SMTP). */
export async function sendTemplateMail(
  db: Kysely<DB>,
  mailer: Mailer,
  slug: string,
  to: string,
  variables: TemplateVariables,
  /** Values the stored copy must not keep once the mail has left (a password link's token). */
  secrets: string[] = [],
): Promise<void> {
  const template = await db
    .selectFrom('email_templates')
    .select(['subject', 'body'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!template) throw new MissingTemplateError(`Modèle d'email introuvable : ${slug}`);
  await mailer.send({
    to,
    subject: renderTemplate(template.subject, variables, 'text'),
    html: renderTemplate(template.body, variables, 'html'),
    secrets,
    templateSlug: slug,
  });
}
