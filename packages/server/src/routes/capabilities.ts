import { roleCapabilitiesSchema } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../auth/validation.js';
import type { RouteAccess } from '../core/context.js';
import { listCapabilities, replaceRoleCapabilities, roleCapabilities, roleIdOf } from '../services/capabilities.js';

// The capabilities page (role su only): which capability each role carries. The role list itself is
// GET /api/roles (engine). A change applies to the next request of every signed-in user, in every process: the
// session lookup reads role_capabilities each time (auth/sessions.ts).

const SU_ONLY: { access: RouteAccess } = { access: { suOnly: true } };

export async function registerCapabilityRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/api/capabilities', { config: SU_ONLY }, async () => listCapabilities(db));

  app.get('/api/roles/:id/capabilities', { config: SU_ONLY }, async (request) =>
    roleCapabilities(db, await roleIdOf(db, (request.params as { id: string }).id)),
  );

  app.put('/api/roles/:id/capabilities', { config: SU_ONLY }, async (request) => {
    const roleId = await roleIdOf(db, (request.params as { id: string }).id);
    const slugs = [...new Set(parseBody(roleCapabilitiesSchema, request.body).capabilities)];
    return replaceRoleCapabilities(db, request.auth, roleId, slugs);
  });
}
