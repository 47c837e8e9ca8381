import { z } from 'zod';
import { TICKET_TEMPLATE_BASES } from '../reference.js';
import { idList, payload, REQUIRED, requiredText } from '../schemas/common.js';

// The ticket templates' contract.

export const TICKET_TEMPLATES_PATH = '/api/ticket-templates';
/** GET: the templates' bases, by slug. */
export const TICKET_TEMPLATE_BASES_PATH = `${TICKET_TEMPLATES_PATH}/bases`;
/** GET: the template printed with sample data. */
export const ticketTemplatePreviewPath = (id: number): string => `${TICKET_TEMPLATES_PATH}/${id}/preview.pdf`;

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

// A label and a base are required.
const baseSlugs = TICKET_TEMPLATE_BASES.map((b) => b.slug) as [string, ...string[]];
const ticketTemplateShape = {
  label: requiredText(),
  template_base: z.enum(baseSlugs, {
    error: (issue) => (issue.input === undefined || issue.input === null ? REQUIRED : 'Modèle de base inconnu.'),
  }),
  /** The prestations using this template (sets their ticket_template_id; the others lose it). */
  prestations: idList().optional(),
};
export const ticketTemplateCreateSchema = payload(ticketTemplateShape);
export const ticketTemplateUpdateSchema = payload(ticketTemplateShape).partial();
export type TicketTemplateCreate = z.input<typeof ticketTemplateCreateSchema>;
