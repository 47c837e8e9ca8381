import { emailTemplateUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { sanitizeEmailHtml } from '../mail/html.js';
import { f } from './fields.js';

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
