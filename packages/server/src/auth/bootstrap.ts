import { ROLES } from '@app/domain';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';
import { isUniqueViolation } from '../engine/db-errors.js';
import { generatePassword, hashPassword } from './passwords.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * On first start (no user at all) create the su administrator from ADMIN_EMAIL/ADMIN_PASSWORD, or generate the
 * missing parts. A generated password is printed once, here; it is never stored in clear nor printed again (later
 * starts find a user and do nothing). Two processes starting together on an empty database: the unique email
 * index lets one insert win, and only the winner prints.
 */
export async function ensureFirstAdmin(db: Kysely<DB>, config: Config, print: (line: string) => void): Promise<void> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const email = (config.adminEmail?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase();
  const isGenerated = !config.adminPassword;
  const password = config.adminPassword || generatePassword();
  const now = new Date().toISOString();
  try {
    await db
      .insertInto('users')
      .values({
        first_name: 'Administrateur',
        last_name: 'Principal',
        email,
        password_hash: await hashPassword(password),
        role_id: ROLES.su.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  // A password given through the environment is already known to the operator: never echo it into logs.
  print(
    isGenerated
      ? `Administrateur créé : ${email} / ${password}`
      : `Administrateur créé : ${email} (mot de passe : celui de ADMIN_PASSWORD)`,
  );
  if (isGenerated) print('Notez ce mot de passe : il ne sera plus jamais affiché. Changez-le depuis la page Profil.');
}
