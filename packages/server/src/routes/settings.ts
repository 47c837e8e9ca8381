import { schemaFields } from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isSu } from '../core/context.js';
import { ValidationError } from '../core/errors.js';
import { appKeyOf, sealSecret } from '../services/secret-box.js';
import { readSetting, type SettingsActor, writeSetting, writeSettings } from '../services/settings.js';
import { bodyOf } from './params.js';

// The list (GET /api/settings?filters=...) is the generic settings resource; these are the single-key read and
// the writes. Writes need manage_settings (su bypasses, auth plugin); su-only keys are checked per key here.

const batchSchema = schemaFields.payload({
  settings: z.record(z.string(), z.unknown(), { error: 'Les paramètres sont obligatoires.' }),
});

export async function registerSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const actor = (request: FastifyRequest): SettingsActor => ({
    isSu: isSu(request.auth),
    seal: (plain) => sealSecret(appKeyOf(config), plain),
    auth: request.auth,
    shopAllowPrivate: config.shopAllowPrivate,
  });
  const manageSettings = { config: { access: { capability: 'manage_settings' as const } } };
  app.get<{ Params: { key: string } }>('/api/settings/:key', async (request) =>
    readSetting(db, request.params.key, actor(request)),
  );
  app.put<{ Params: { key: string } }>('/api/settings/:key', manageSettings, async (request) => {
    const body = bodyOf(request);
    if (!('value' in body)) throw ValidationError.field('value', 'La valeur est obligatoire.');
    return writeSetting(db, request.params.key, body.value, actor(request));
  });
  app.put('/api/settings', manageSettings, async (request) => {
    const { settings } = batchSchema.parse(bodyOf(request));
    return writeSettings(db, settings, actor(request));
  });
}
