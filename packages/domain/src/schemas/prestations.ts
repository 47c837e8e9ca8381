import { z } from 'zod';
import { TICKET_TEMPLATE_BASES } from '../reference.js';
import { flag, idList, optionalId, payload, REQUIRED, requiredText } from './common.js';

// SPEC §3 Prestation and Ticket template, §5.1 (label; ticket template: label and base).
const prestationShape = { label: requiredText(), is_default: flag().optional(), ticket_template_id: optionalId() };
export const prestationCreateSchema = payload(prestationShape);
export const prestationUpdateSchema = payload(prestationShape).partial();

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
export type PrestationCreate = z.input<typeof prestationCreateSchema>;
export type TicketTemplateCreate = z.input<typeof ticketTemplateCreateSchema>;
