import type { Capability, RoleSlug } from '@app/domain';

// Shape of GET /api/me (server contract: user with role and capabilities, global, settings). Kept beside the client so every screen reads one type.

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

export type Me = { user: SessionUser; global: SessionGlobal; settings: SessionSettings };

/** Body of a 422 answer: a message and messages per field. */
export type ValidationErrors = Record<string, string[]>;
