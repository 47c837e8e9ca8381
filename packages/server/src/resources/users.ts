import type { Resource } from '../engine/types.js';
import { f, fullName, readOnly } from './fields.js';

// Users (read-only here: the account routes and services write them).

const USERS_ACCESS = { capability: 'manage_users' as const, suBypass: false };

/** The users page needs manage_users, with no su bypass. password_hash is never declared. */
export const users: Resource = {
  name: 'users',
  table: 'users',
  fields: {
    id: f.id(),
    first_name: f.string({ notNull: true }),
    last_name: f.string({ notNull: true }),
    full_name: fullName(),
    email: f.string({ notNull: true }),
    role_id: f.integer({ notNull: true }),
    is_active: f.flag(),
    last_login_at: f.timestamp(),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  },
  relations: { role: { kind: 'belongsTo', target: 'roles', foreignKey: 'role_id' } },
  search: ['last_name', 'first_name', 'email'],
  defaultOrder: [
    { field: 'last_name', direction: 'ASC' },
    { field: 'first_name', direction: 'ASC' },
  ],
  routes: readOnly(USERS_ACCESS),
};
