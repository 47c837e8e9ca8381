import type { Me } from '@app/domain';

/** A session as GET /api/me answers it, for component tests; override what the test is about. */
export function sessionFixture({
  role = 'operator',
  capabilities = [],
  remoteOrdersImport = false,
}: {
  role?: 'su' | 'admin' | 'operator';
  capabilities?: string[];
  remoteOrdersImport?: boolean;
} = {}): Me {
  const roles = {
    su: { id: 1, slug: 'su', label: 'Super utilisateur' },
    admin: { id: 2, slug: 'admin', label: 'Administrateur' },
    operator: { id: 3, slug: 'operator', label: 'Opérateur' },
  } as const;
  return {
    user: {
      id: 7,
      first_name: 'Élise',
      last_name: 'Montgolfier',
      email: 'elise@example.test',
      role_id: roles[role].id,
      role: roles[role],
      capabilities,
    },
    global: { app_name: 'Montgolfière', version: '1.0.0' },
    settings: { remoteOrdersImport, planningWidgetsEnabled: false, ticketingEnabled: false },
  };
}
