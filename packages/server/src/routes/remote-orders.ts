import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  assertRemoteOrdersEnabled,
  deleteFile,
  importFile,
  listFolder,
  storeFile,
} from '../services/remote-order-folder.js';
import { MAX_FILE_BYTES } from '../services/remote-order-formats.js';
import { bodyOf } from './params.js';

// Partner order files (the remote-orders page; docs/api.md). Every route answers only while the
// remote-order-import setting is on: the page is hidden otherwise, and the server refuses the same.

const TOO_LARGE = `Fichier trop volumineux : ${MAX_FILE_BYTES / 1024 / 1024} Mo au maximum.`;

export async function registerRemoteOrderRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const dir = config.remoteOrdersDir;

  await app.register(async (scope) => {
    // Multipart only here: one file, bounded, no other part of the API accepts it.
    await scope.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 100 },
    });

    scope.get('/api/remote-orders', async () => {
      await assertRemoteOrdersEnabled(db);
      return { data: await listFolder(db, dir) };
    });

    // A partner posts with its API key (Authorization: Bearer), the page uploads with the session: same intake.
    scope.post('/api/remote-orders', { config: { access: { access: 'api-client' } } }, async (request, reply) => {
      await assertRemoteOrdersEnabled(db);
      if (!request.isMultipart()) {
        return reply.status(415).send({
          message: 'Type de contenu non pris en charge : envoyez le fichier en multipart/form-data (champ file).',
          errors: ['Type de contenu non pris en charge.'],
        });
      }
      let part: Awaited<ReturnType<typeof request.file>>;
      let content: Buffer;
      try {
        part = await request.file();
        if (!part) return reply.status(422).send({ message: 'Aucun fichier reçu.', errors: ['Aucun fichier reçu.'] });
        content = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          return reply.status(413).send({ message: TOO_LARGE, errors: [TOO_LARGE] });
        if (code?.startsWith('FST_')) {
          const message = 'Envoi de fichier invalide.';
          return reply.status(400).send({ message, errors: [message] });
        }
        throw error;
      }
      const file = await storeFile(dir, part.filename, content);
      return reply.status(201).send({ file });
    });

    scope.post('/api/remote-orders/import', async (request, reply) => {
      await assertRemoteOrdersEnabled(db);
      const outcome = await importFile(db, dir, bodyOf(request).file, request.auth ?? null);
      if (outcome.status === 'failed') {
        return reply.status(422).send({ message: "L'import de la commande a échoué.", ...outcome });
      }
      return outcome;
    });

    scope.delete<{ Params: { file: string } }>('/api/remote-orders/:file', async (request, reply) => {
      await assertRemoteOrdersEnabled(db);
      await deleteFile(dir, request.params.file);
      return reply.status(204).send();
    });
  });
}
