import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { strictPayload } from '../auth/validation.js';
import { ValidationError } from '../http/errors.js';
import { readSetting, writeSetting, writeSettings } from '../services/settings.js';
import { bodyOf, isSu } from './params.js';

// The list (GET /api/settings?filters=...) is the generic settings resource; these are the single-key read and
// the writes. Writes need manage_settings (su bypasses, auth plugin); su-only keys are checked per key here.

const batchSchema = strictPayload({
  settings: z.record(z.string(), z.unknown(), { error: 'Les paramètres sont obligatoires.' }),
});

export async function registerSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const manageSettings = { config: { access: { capability: 'manage_settings' as const } } };
  app.get<{ Params: { key: string } }>('/api/settings/:key', async (request) =>
    readSetting(db, request.params.key, { isSu: isSu(request) }),
  );
  app.put<{ Params: { key: string } }>('/api/settings/:key', manageSettings, async (request) => {
    const body = bodyOf(request);
    if (!('value' in body)) throw ValidationError.field('value', 'La valeur est obligatoire.');
    return writeSetting(db, request.params.key, body.value, { isSu: isSu(request) });
  });
  app.put('/api/settings', manageSettings, async (request) => {
    const { settings } = batchSchema.parse(bodyOf(request));
    return writeSettings(db, settings, { isSu: isSu(request) });
  });
}
