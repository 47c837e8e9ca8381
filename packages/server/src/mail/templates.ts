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

/** Unknown variables render empty: a template edited by staff never leaks `{{...}}` to a customer. */
export function renderTemplate(template: string, variables: TemplateVariables, mode: 'html' | 'text'): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = variables[name];
    const text = value === null || value === undefined ? '' : String(value);
    return mode === 'html' ? escapeHtml(text) : text.replace(/[\r\n]+/g, ' ');
  });
}

export class MissingTemplateError extends Error {}

/** Renders the template of this slug with the variables and sends it through the mailer (outbox, then SMTP). */
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
  });
}
