import { z } from 'zod';
import { CONTROL_CHARACTER, isCleanText, REQUIRED } from './common.js';

// The fields of a staff account (sign-in, password links, the profile, the users page), with their French messages.

export const ACCOUNT_MESSAGES = {
  tooLong: 'Ce champ ne doit pas dépasser 255 caractères.',
  invalidEmail: "L'adresse email n'est pas valide.",
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères.',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 200 caractères.',
  passwordConfirmation: 'La confirmation du mot de passe ne correspond pas.',
} as const;

const required = { error: REQUIRED };

/** A first or last name. One-line fields refuse control characters (a CR/LF in a name ends up in mail headers). */
export const accountNameField = z
  .string(required)
  .refine((value) => isCleanText(value), { error: CONTROL_CHARACTER })
  .trim()
  .min(1, required)
  .max(255, { error: ACCOUNT_MESSAGES.tooLong });

/** Emails are stored and compared lower-cased (the unique index on users.email relies on it). */
export const accountEmailField = z
  .string(required)
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(255, { error: ACCOUNT_MESSAGES.tooLong })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.invalidEmail }));

/** A new password and its confirmation. */
export const newPasswordFields = z
  .object({
    password: z
      .string(required)
      .min(8, { error: ACCOUNT_MESSAGES.passwordTooShort })
      .max(200, { error: ACCOUNT_MESSAGES.passwordTooLong }),
    password_confirmation: z.string(required),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    error: ACCOUNT_MESSAGES.passwordConfirmation,
  });

export const roleIdField = z.coerce.number(required).int(required).positive(required);
