import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

// Issue 26: a password link (reset, first login) dies with what it was sent for. Two rules, both kept by the
// database so that every writer (users and profile routes, the password flows themselves, a script, a psql shell)
// obeys them without knowing:
// - `user_tokens.email` is the address the link was mailed to; the link works only while it is still the account's
//   address (auth/user-tokens.ts), so a link mailed to a mistyped address dies when an administrator corrects it,
//   even one issued while the correction was being written.
// - a trigger voids every pending link of a user (used_at set) as soon as their email, password, role or active
//   state changes. Keep in sync with ../schema.ts.

const WATCHED = ['email', 'password_hash', 'role_id', 'is_active'] as const;

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  const now = dialect === 'sqlite' ? "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')" : 'now()';
  // '' is nobody's address (emails are validated): a row written without one is a dead link.
  await run(`ALTER TABLE user_tokens ADD COLUMN email varchar(255) NOT NULL DEFAULT ''`);
  await run('UPDATE user_tokens SET email = (SELECT u.email FROM users u WHERE u.id = user_tokens.user_id)');
  // Links issued before this migration do not say where they went: those of an account changed since (its email
  // may have been corrected) are voided; an administrator resends the invitation, a user asks for a new link.
  await run(`UPDATE user_tokens SET used_at = ${now} WHERE used_at IS NULL
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = user_tokens.user_id AND u.updated_at > user_tokens.created_at)`);

  const void_ = `UPDATE user_tokens SET used_at = ${now} WHERE user_id = NEW.id AND used_at IS NULL`;
  if (dialect === 'sqlite') {
    const changed = WATCHED.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
    await run(`CREATE TRIGGER users_void_password_links AFTER UPDATE OF ${WATCHED.join(', ')} ON users
      WHEN ${changed} BEGIN ${void_}; END`);
  } else {
    const changed = WATCHED.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
    await run(`CREATE FUNCTION users_void_password_links() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${void_};
        RETURN NULL;
      END $$`);
    await run(`CREATE TRIGGER users_void_password_links AFTER UPDATE OF ${WATCHED.join(', ')} ON users
      FOR EACH ROW WHEN (${changed}) EXECUTE FUNCTION users_void_password_links()`);
  }
}
