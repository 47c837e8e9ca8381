import { payload } from '../schemas/common.js';
import { labelShape } from '../schemas/shapes.js';

// The payment methods' contract.

export const PAYMENT_METHODS_PATH = '/api/payment-methods';

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

export const paymentMethodCreateSchema = payload(labelShape);
export const paymentMethodUpdateSchema = payload(labelShape).partial();
