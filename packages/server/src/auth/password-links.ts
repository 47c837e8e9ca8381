import type { AppContext } from '../core/context.js';
import { sendTemplateMail } from '../mail/templates.js';
import { issueUserToken, type UserTokenKind } from './user-tokens.js';

// The mails carrying a single-use link: password reset (60 min) and first login (7 days). Keep the paths in sync
// with the web app's /auth routes (reset-password and first-login take token and email).

const LINKS: Record<UserTokenKind, { path: string; template: string }> = {
  reset: { path: '/auth/reset-password', template: 'password-reset' },
  first_login: { path: '/auth/first-login', template: 'first-login' },
};

export type LinkRecipient = { id: number; first_name: string; email: string };

export function passwordLink(appUrl: string, kind: UserTokenKind, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${appUrl}${LINKS[kind].path}?${query.toString()}`;
}

export async function sendPasswordLink(ctx: AppContext, user: LinkRecipient, kind: UserTokenKind): Promise<void> {
  const token = await issueUserToken(ctx.db, user.id, kind, user.email);
  await sendTemplateMail(
    ctx.db,
    ctx.mailer,
    LINKS[kind].template,
    user.email,
    {
      'user.first_name': user.first_name,
      link: passwordLink(ctx.config.appUrl, kind, token, user.email),
    },
    [token],
  );
}
