import type { z } from 'zod';
import { foldText } from '../query-parse.js';
import { flag, optionalId, optionalText, payload, requiredText } from '../schemas/common.js';

// The prestations' contract.

export const PRESTATIONS_PATH = '/api/prestations';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

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
export type PrestationCreate = z.input<typeof prestationCreateSchema>;
