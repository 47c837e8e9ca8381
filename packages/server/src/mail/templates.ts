import { isAllowedLinkUrl } from '@app/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { findEmailTemplate } from '../services/email-templates.js';
import { sanitizeEmailHtml } from './html.js';
import type { Mailer } from './mailer.js';

// Logic-less templating of the email_templates rows: `{{ name }}` is replaced by the value given for name, nothing
// else is interpreted. Values are data, never code: HTML-escaped in bodies, line breaks removed in subjects.
// Customers come from partner files and shop orders: a value is written by outsiders (issue 26).

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

/** Attributes whose value is followed as an address: a variable there may only give an address of an allowed scheme. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'background', 'cite', 'poster']);

/**
 * A variable of the record with no value (a customer without a name) renders empty; a variable the record does
 * not know (a typo in an edited template) stays visible as written, so staff see it in the outbox and fix it.
 */
export function renderTemplate(template: string, variables: TemplateVariables, mode: 'html' | 'text'): string {
  const filledWith = (match: string, name: string): string => {
    if (!Object.hasOwn(variables, name)) return match;
    const value = variables[name];
    return value === null || value === undefined ? '' : String(value);
  };
  if (mode === 'text') {
    return template.replace(PLACEHOLDER, (match, name: string) => filledWith(match, name).replace(/[\r\n]+/g, ' '));
  }
  // Filled in while the template passes the mail allow-list (mail/html.ts), each where it stands: in text escaped;
  // in an attribute, a link only when the result has an allowed scheme (`href="{{x}}"` with x = `javascript:…` or
  // ` data:…` loses its href), never in a style; the whole mail passes the allow-list again when queued.
  return sanitizeEmailHtml(template, {
    // The parser hands text already escaped, cut at `<` and `&` only: a placeholder arrives whole.
    textFilter: (text) => text.replace(PLACEHOLDER, (match, name: string) => escapeHtml(filledWith(match, name))),
    transformTags: {
      '*': (tagName, attribs) => {
        const filled: Record<string, string> = {};
        for (const [attribute, value] of Object.entries(attribs)) {
          if (value.search(PLACEHOLDER) === -1) {
            filled[attribute] = value;
            continue;
          }
          const name = attribute.toLowerCase();
          if (name === 'style' || name.startsWith('on')) continue;
          // Values go in as they are: the allow-list escapes attribute values on output.
          const result = value.replace(PLACEHOLDER, filledWith);
          if (URL_ATTRIBUTES.has(name) && !isAllowedLinkUrl(result)) continue;
          filled[attribute] = result;
        }
        return { tagName, attribs: filled };
      },
    },
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
  const template = await findEmailTemplate(db, slug);
  if (!template) throw new MissingTemplateError(`Modèle d'email introuvable : ${slug}`);
  await mailer.send({
    to,
    subject: renderTemplate(template.subject, variables, 'text'),
    html: renderTemplate(template.body, variables, 'html'),
    secrets,
    templateSlug: slug,
  });
}
