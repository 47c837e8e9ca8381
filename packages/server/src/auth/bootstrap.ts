import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DB } from '../db/schema.js';

/**
 * On first start (no user at all) create the su administrator from ADMIN_EMAIL/ADMIN_PASSWORD, or generate
 * credentials and print them once. Filled in by the auth work.
 */
export async function ensureFirstAdmin(
  _db: Kysely<DB>,
  _config: Config,
  _print: (line: string) => void,
): Promise<void> {}
