import { userInvitePath } from '@app/domain';
import { api } from '../client';

// The users' own write beside the generic ones (resource('users')): a new invitation mail.

/** Mails the user a new link to choose a password. */
export const inviteUser = (id: number) => api.post(userInvitePath(id));
