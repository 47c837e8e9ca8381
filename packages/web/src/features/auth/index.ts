// What other features embed of the sign-in pages: the new-password fields (the profile's password change).

export { PasswordFields } from './PasswordFields';
