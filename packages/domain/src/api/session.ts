import { z } from 'zod';
import type { Capability, RoleSlug } from '../reference.js';
import { ACCOUNT_MESSAGES, accountEmailField, accountNameField, newPasswordFields } from '../schemas/accounts.js';
import { CONTROL_CHARACTER, isCleanText, payload, REQUIRED } from '../schemas/common.js';

// The session's contract: who is signed in (GET /api/me) and their own profile.

export const ME_PATH = '/api/me';
export const PROFILE_PATH = '/api/profile';
export const PROFILE_PASSWORD_PATH = '/api/profile/password';

export type SessionRole = { id: number; slug: RoleSlug | (string & {}); label: string };

export type SessionUser = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role_id: number;
  role: SessionRole;
  capabilities: (Capability | (string & {}))[];
};

export type SessionGlobal = { app_name: string; version: string };

export type SessionSettings = {
  remoteOrdersImport: boolean;
  planningWidgetsEnabled: boolean;
  ticketingEnabled: boolean;
};

/** GET /api/me: the user with role and capabilities, the application's name and version, the settings screens read. */
export type Me = { user: SessionUser; global: SessionGlobal; settings: SessionSettings };

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

const required = { error: REQUIRED };

/** POST /login: any present, bounded string; a sign-in form never says which rule a wrong password broke. */
export const loginSchema = payload({
  email: z
    .string(required)
    .refine((value) => isCleanText(value), { error: CONTROL_CHARACTER })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(255, { error: ACCOUNT_MESSAGES.tooLong }),
  password: z.string(required).min(1, required).max(200, { error: ACCOUNT_MESSAGES.passwordTooLong }),
});

/** POST /forgot-password. */
export const forgotPasswordSchema = payload({ email: accountEmailField });

/** POST /reset-password and POST /first-login: the mailed link's token and email, and the new password. */
export const passwordLinkSchema = z
  .object({ token: z.string(required).min(1, required).max(200), email: z.string(required).trim().max(255) })
  .and(newPasswordFields);

/** PUT /api/profile: the user's own name and email. */
export const profileSchema = payload({
  first_name: accountNameField,
  last_name: accountNameField,
  email: accountEmailField,
});

/** PUT /api/profile/password: the current password, then the new one twice. */
export const profilePasswordSchema = z
  .object({ current_password: z.string(required).min(1, required).max(200) })
  .and(newPasswordFields);
