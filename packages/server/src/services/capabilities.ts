import { AUTH_MESSAGES } from '@app/domain';
import type { Kysely } from 'kysely';
import { parseId } from '../auth/validation.js';
import type { Auth } from '../core/context.js';
import { NotFoundError, ValidationError } from '../core/errors.js';
import type { DB } from '../db/schema.js';
import { diffRow, recordHistory } from '../engine/history.js';

// The capabilities page's reads and its one write (routes/capabilities.ts validates and answers).

/** Every capability, in its order. */
export const listCapabilities = (db: Kysely<DB>) =>
  db.selectFrom('capabilities').select(['id', 'slug', 'label']).orderBy('id').execute();

/** The capabilities a role carries, in their order. */
export async function roleCapabilities(db: Kysely<DB>, roleId: number) {
  return db
    .selectFrom('role_capabilities as rc')
    .innerJoin('capabilities as c', 'c.id', 'rc.capability_id')
    .select(['c.id', 'c.slug', 'c.label'])
    .where('rc.role_id', '=', roleId)
    .orderBy('c.id')
    .execute();
}

/** The role a request names by its id; 404 for any other value. */
export async function roleIdOf(db: Kysely<DB>, raw: unknown): Promise<number> {
  const id = parseId(raw);
  const role =
    id === null ? undefined : await db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst();
  if (!role) throw new NotFoundError(AUTH_MESSAGES.roleNotFound);
  return role.id;
}

/** Replaces the role's whole set in one transaction (an unknown slug: 422); answers the new set. */
export async function replaceRoleCapabilities(db: Kysely<DB>, auth: Auth | null, roleId: number, slugs: string[]) {
  const known = await db.selectFrom('capabilities').select(['id', 'slug']).execute();
  const ids = slugs.map((slug) => {
    const capability = known.find((c) => c.slug === slug);
    if (!capability) throw ValidationError.field('capabilities', AUTH_MESSAGES.unknownCapability(slug));
    return capability.id;
  });
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('role_capabilities as rc')
      .innerJoin('capabilities as c', 'c.id', 'rc.capability_id')
      .select('c.slug')
      .where('rc.role_id', '=', roleId)
      .execute();
    await recordHistory(trx, auth, [
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
}
