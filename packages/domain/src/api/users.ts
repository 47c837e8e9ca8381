// The users' contract.

export const USERS_PATH = '/api/users';
/** POST: sends the user the invitation to choose a password. */
export const userInvitePath = (id: number): string => `${USERS_PATH}/${id}/invite`;
