import { emailTemplateUpdateSchema } from '@app/domain';
import type { Resource } from '../engine/types.js';
import { sanitizeEmailBody } from '../services/email-templates.js';
import { f } from './fields.js';

// The declaration of the email templates (list, read, update of subject and body); their fixed set, the rule of
// their bodies and their lookup live in services/email-templates.ts.

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
