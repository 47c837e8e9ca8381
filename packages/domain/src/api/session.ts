import type { Capability, RoleSlug } from '../reference.js';

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
