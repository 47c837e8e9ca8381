import { z } from 'zod';
import { foldText } from '../query-parse.js';
import { TICKET_TEMPLATE_BASES } from '../reference.js';
import { flag, idList, optionalId, optionalText, payload, REQUIRED, requiredText } from './common.js';

// Prestation and ticket template: label required (ticket template: label and base).
// Issue 27: `shop_sku`, the shop product's reference (SKU) the prestation is sold as; optional, unique when set.
const prestationShape = {
  label: requiredText(),
  is_default: flag().optional(),
  ticket_template_id: optionalId(),
  shop_sku: optionalText(100),
};

export const SHOP_SKU_TAKEN = 'Cette référence est déjà utilisée par une autre prestation.';

/**
 * How a shop product's SKU or name is compared with a prestation's (issue 27): accents, case, spaces, dashes and
 * underscores aside, so 'VOL-DÉCOUVERTE', 'vol_decouverte' and 'Vol découverte' are one product.
 */
export const productKey = (value: string): string => foldText(value).replace(/[\s\-_\u2010-\u2015]+/g, '');

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
