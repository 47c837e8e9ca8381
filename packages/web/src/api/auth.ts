import type { Me, SessionUser } from '@app/domain';
import { earlySession, request, requestFrom } from './client';

// Session and password calls. The anti-forgery cookie is asked for at the root,
// not under /api, before any call that opens a session.

// The session contract's paths (ME_PATH, PROFILE_PATH...) spelled here: its module carries the profile's zod schemas,
// and the field's lean page, which signs in through this file, must not carry zod (e2e terrain: 150 kB).
const ME_PATH = '/api/me';
const PROFILE_PATH = '/api/profile';
const PROFILE_PASSWORD_PATH = '/api/profile/password';

export type PasswordForm = { token: string; email: string; password: string; password_confirmation: string };
export type ProfileForm = { first_name: string; last_name: string; email: string };
export type PasswordChangeForm = { current_password: string; password: string; password_confirmation: string };

export const authApi = {
  csrfCookie: () => request<void>('/csrf-cookie'),
  login: (email: string, password: string) =>
    request<{ user: SessionUser }>('/login', { method: 'POST', body: { email, password } }),
  logout: () => request<void>('/logout', { method: 'POST', body: {} }),
  me: (signal?: AbortSignal) => {
    const early = earlySession.take();
    return early ? requestFrom<Me>(early, ME_PATH, signal) : request<Me>(ME_PATH, { signal });
  },
  forgotPassword: (email: string) =>
    request<{ message?: string }>('/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (form: PasswordForm) =>
    request<{ message?: string }>('/reset-password', { method: 'POST', body: form }),
  firstLogin: (form: PasswordForm) => request<{ user?: SessionUser }>('/first-login', { method: 'POST', body: form }),
  updateProfile: (form: ProfileForm) => request<unknown>(PROFILE_PATH, { method: 'PUT', body: form }),
  updatePassword: (form: PasswordChangeForm) => request<unknown>(PROFILE_PASSWORD_PATH, { method: 'PUT', body: form }),
};
