import { schemaFields } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.js';
import { parseBody, parseId } from '../auth/validation.js';
import type { RouteAccess } from '../core/context.js';
import { NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { diffRow, recordHistory } from '../engine/history.js';

// The capabilities page (role su only): which capability each role carries. The role list itself is
// GET /api/roles (engine). A change applies to the next request of every signed-in user, in every process: the
// session lookup reads role_capabilities each time (auth/sessions.ts).

const SU_ONLY: { access: RouteAccess } = { access: { suOnly: true } };

const putSchema = schemaFields.payload({
  capabilities: z.array(z.string({ error: MESSAGES.required }), { error: MESSAGES.required }).max(100),
});

async function roleCapabilities(db: Kysely<DB>, roleId: number) {
  return db
    .selectFrom('role_capabilities as rc')
    .innerJoin('capabilities as c', 'c.id', 'rc.capability_id')
    .select(['c.id', 'c.slug', 'c.label'])
    .where('rc.role_id', '=', roleId)
    .orderBy('c.id')
    .execute();
}

async function roleIdOf(db: Kysely<DB>, raw: unknown): Promise<number> {
  const id = parseId(raw);
  const role =
    id === null ? undefined : await db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst();
  if (!role) throw new NotFoundError(MESSAGES.roleNotFound);
  return role.id;
}

export async function registerCapabilityRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/api/capabilities', { config: SU_ONLY }, async () =>
    db.selectFrom('capabilities').select(['id', 'slug', 'label']).orderBy('id').execute(),
  );

  app.get('/api/roles/:id/capabilities', { config: SU_ONLY }, async (request) =>
    roleCapabilities(db, await roleIdOf(db, (request.params as { id: string }).id)),
  );

  /** Replaces the role's whole set in one transaction; answers the new set. */
  app.put('/api/roles/:id/capabilities', { config: SU_ONLY }, async (request) => {
    const roleId = await roleIdOf(db, (request.params as { id: string }).id);
    const slugs = [...new Set(parseBody(putSchema, request.body).capabilities)];
    const known = await db.selectFrom('capabilities').select(['id', 'slug']).execute();
    const ids = slugs.map((slug) => {
      const capability = known.find((c) => c.slug === slug);
      if (!capability) throw ValidationError.field('capabilities', MESSAGES.unknownCapability(slug));
      return capability.id;
    });
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('role_capabilities as rc')
        .innerJoin('capabilities as c', 'c.id', 'rc.capability_id')
        .select('c.slug')
        .where('rc.role_id', '=', roleId)
        .execute();
      await recordHistory(trx, request.auth, [
        {
          resource: 'roles',
          recordId: roleId,
          action: 'update',
          changes: diffRow({ capabilities: before.map((c) => c.slug).sort() }, { capabilities: [...slugs].sort() }),
        },
      ]);
      await trx.deleteFrom('role_capabilities').where('role_id', '=', roleId).execute();
      if (ids.length) {
        await trx
          .insertInto('role_capabilities')
          .values(ids.map((capability_id) => ({ role_id: roleId, capability_id })))
          .execute();
      }
    });
    return roleCapabilities(db, roleId);
  });
}
