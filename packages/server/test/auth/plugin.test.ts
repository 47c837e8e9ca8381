// Issue 13 point 15: the auth plugin is the hooks (who is calling, may they) and nothing else; routes live in routes/.
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { registerAuth } from '../../src/auth/plugin.js';
import { createTestDatabase, testConfig } from '../helpers.js';

it('registers no route of its own, only its hooks', async () => {
  const database = await createTestDatabase();
  const app = Fastify();
  app.decorate('ctx', { db: database.db, dialect: database.dialect, config: testConfig() } as never);
  app.decorateRequest('auth', null);
  try {
    await registerAuth(app);
    await app.ready();
    expect(app.accessTable).toEqual([]);
    expect(app.printRoutes()).toBe('(empty tree)');
  } finally {
    await app.close();
    await database.destroy();
  }
});
