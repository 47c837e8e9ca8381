import { z } from 'zod';
import { payload, REQUIRED, requiredText } from '../schemas/common.js';

// The email templates' contract.

export const EMAIL_TEMPLATES_PATH = '/api/email-templates';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// PUT /api/email-templates/{id} {subject, body}; the server sanitizes the HTML body.
export const emailTemplateUpdateSchema = payload({
  subject: requiredText(500),
  body: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Texte attendu.') })
    .max(100000, '100000 caractères au maximum.'),
}).partial();
export type EmailTemplateUpdate = z.input<typeof emailTemplateUpdateSchema>;
