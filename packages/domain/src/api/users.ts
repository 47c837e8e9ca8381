import { z } from 'zod';
import { accountEmailField, accountNameField, roleIdField } from '../schemas/accounts.js';
import { payload } from '../schemas/common.js';

// The users' contract.

export const USERS_PATH = '/api/users';
/** POST: sends the user the invitation to choose a password. */
export const userInvitePath = (id: number): string => `${USERS_PATH}/${id}/invite`;

// What it accepts: the payloads of its writes, checked by the server and by the web's forms.

/** POST: a new account, without password (the invitation mail lets the user choose one). */
export const userCreateSchema = payload({
  first_name: accountNameField,
  last_name: accountNameField,
  email: accountEmailField,
  role_id: roleIdField,
});

/** PUT /api/users/{id}: only the fields sent. */
export const userUpdateSchema = payload({
  first_name: accountNameField,
  last_name: accountNameField,
  email: accountEmailField,
  role_id: roleIdField,
  /** 0 deactivates: no sign-in any more, every session and pending link ended at once. */
  is_active: z.union([z.literal(0), z.literal(1)], { error: 'La valeur doit être 0 ou 1.' }),
}).partial();
