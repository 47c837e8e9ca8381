import { isCleanText, schemaFields } from '@app/domain';
import { type ZodType, z } from 'zod';
import { ValidationError, zodToErrors } from '../core/errors.js';
import { MESSAGES } from './messages.js';

// Payload schemas of the auth, users and profile endpoints, with their French messages.

const required = { error: MESSAGES.required };

// One-line fields refuse control characters (a CR/LF in a name ends up in mail headers).
export const nameField = z
  .string(required)
  .refine((value) => isCleanText(value), { error: MESSAGES.controlCharacter })
  .trim()
  .min(1, required)
  .max(255, { error: MESSAGES.tooLong });

/** Emails are stored and compared lower-cased (the unique index on users.email relies on it). */
export const emailField = z
  .string(required)
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(255, { error: MESSAGES.tooLong })
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

export const newPasswordFields = z
  .object({
    password: z
      .string(required)
      .min(8, { error: MESSAGES.passwordTooShort })
      .max(200, { error: MESSAGES.passwordTooLong }),
    password_confirmation: z.string(required),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    error: MESSAGES.passwordConfirmation,
  });

/** Any present, bounded string: a sign-in form never says which rule a wrong password broke. */
export const loginSchema = schemaFields.payload({
  email: z
    .string(required)
    .refine((value) => isCleanText(value), { error: MESSAGES.controlCharacter })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(255, { error: MESSAGES.tooLong }),
  password: z.string(required).min(1, required).max(200, { error: MESSAGES.passwordTooLong }),
});

export const forgotSchema = schemaFields.payload({ email: emailField });

export const tokenSchema = z
  .object({ token: z.string(required).min(1, required).max(200), email: z.string(required).trim().max(255) })
  .and(newPasswordFields);

export const roleIdField = z.coerce.number(required).int(required).positive(required);

/** Parses a JSON body; a failure is a 422 whose message is the first field's message (French). */
export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new ValidationError({}, 'Les données envoyées sont invalides.');
  }
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = zodToErrors(result.error);
  const first = Object.values(errors)[0]?.[0];
  throw new ValidationError(errors, first ?? 'Les données envoyées sont invalides.');
}

/** Digits-only route parameter; anything else is a 404 like an unknown id. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
