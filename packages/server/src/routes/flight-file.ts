import { schemaFields } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError, NotFoundError } from '../core/errors.js';
import { settingValue } from '../mail/compose.js';
import { logbookPdf } from '../pdf/lazy.js';
import { flightCrew, setCrewOnBoard } from '../services/flight-crew.js';
import {
  flightRecordPdf,
  listFlightRecords,
  openRecordCorrection,
  RecordIncompleteError,
  sealFlightRecord,
} from '../services/flight-records.js';
import {
  balloonTechnicalLog,
  logbookRange,
  pilotLogbook,
  pilotLogbookCsv,
  recordBalloonInspection,
  technicalLogCsv,
} from '../services/logbooks.js';
import { bodyOf, pathId } from './params.js';

// The regulator's flight file (issue 30): the sealed records of a flight (no delete route: records are kept at least
// five years, docs/operations.md), the pilot's logbook and the balloon's technical log, each in JSON, CSV and (the
// logbook) PDF. Signed-in staff, like the flight pages; API keys are refused by the default policy.

const { payload, requiredText } = schemaFields;
export const recordCorrectionSchema = payload({ reason: requiredText(1000, { isMultiline: true }) });

type Format = 'json' | 'csv' | 'pdf';
/** `format=csv|pdf`, or an Accept header naming text/csv or application/pdf first; JSON otherwise. */
function formatOf(request: FastifyRequest, allowed: readonly Format[]): Format {
  const format = (request.query as Record<string, unknown> | undefined)?.format;
  if (format !== undefined) {
    if (typeof format !== 'string' || !(allowed as readonly string[]).includes(format)) {
      throw new BadRequestError(
        `Paramètre « format » : valeurs acceptées ${allowed.map((f) => `« ${f} »`).join(', ')}.`,
      );
    }
    return format as Format;
  }
  const accept = request.headers.accept ?? '';
  if (allowed.includes('csv') && /^\s*text\/csv/i.test(accept)) return 'csv';
  if (allowed.includes('pdf') && /^\s*application\/pdf/i.test(accept)) return 'pdf';
  return 'json';
}

const safe = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .slice(0, 80);

function sendFile(reply: FastifyReply, body: string | Buffer, type: string, name: string, inline = false) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

export async function registerFlightFileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/api/flights/:id/records', async (request) => listFlightRecords(db, pathId(request)));

  // Who is on board (the pilot and the teammates marked so) and who is the retrieve crew on the ground.
  app.get('/api/flights/:id/crew', async (request) => flightCrew(db, pathId(request)));
  app.put('/api/flights/:id/crew', async (request) => setCrewOnBoard(db, pathId(request), bodyOf(request)));

  app.post('/api/flights/:id/records', async (request, reply) => {
    try {
      const record = await sealFlightRecord(db, pathId(request), request.auth ?? null);
      return reply.code(201).send(record);
    } catch (error) {
      if (error instanceof RecordIncompleteError) {
        return reply.code(409).send({ message: error.message, missing: error.missing });
      }
      throw error;
    }
  });

  // A correction of a sealed record: the flight opens again, with the reason, until it is sealed as the next version.
  app.post('/api/flights/:id/records/correction', async (request, reply) => {
    const flightId = pathId(request);
    const input = recordCorrectionSchema.parse(bodyOf(request));
    await openRecordCorrection(db, flightId, input.reason);
    return reply.code(200).send(await listFlightRecords(db, flightId));
  });

  app.get('/api/flights/:id/records/:file', async (request, reply) => {
    const flightId = pathId(request);
    const file = (request.params as { file: string }).file;
    const match = /^(\d{1,15})\.pdf$/.exec(file);
    if (!match || Number(match[1]) === 0) throw new NotFoundError();
    const record = await flightRecordPdf(db, flightId, Number(match[1]));
    // The bytes as they were sealed; the hash lets anyone check that they did not change.
    reply.header('x-content-sha256', record.sha256);
    return sendFile(
      reply,
      record.pdf,
      'application/pdf',
      `dossier-de-vol-${record.date}-${flightId}-v${record.version}.pdf`,
      true,
    );
  });

  app.get('/api/pilots/:id/logbook', async (request, reply) => {
    const format = formatOf(request, ['json', 'csv', 'pdf']);
    const range = logbookRange((request.query as Record<string, unknown>) ?? {});
    const logbook = await pilotLogbook(db, pathId(request), range);
    const name = `carnet-de-vol-${safe(logbook.pilot.full_name)}`;
    if (format === 'csv') return sendFile(reply, pilotLogbookCsv(logbook), 'text/csv; charset=utf-8', `${name}.csv`);
    if (format === 'pdf') {
      const company = (await settingValue(db, 'company_name')).trim() || 'Montgolfière';
      const pdf = await (await logbookPdf()).renderPilotLogbookPdf(logbook, company);
      return sendFile(reply, pdf, 'application/pdf', `${name}.pdf`, true);
    }
    return logbook;
  });

  // An inspection of the balloon: listed in its technical log, the latest one its 'last inspection'.
  app.post('/api/balloons/:id/inspections', async (request, reply) => {
    const userId = request.auth?.kind === 'user' ? request.auth.user.id : null;
    const inspection = await recordBalloonInspection(db, pathId(request), bodyOf(request), userId);
    return reply.code(201).send(inspection);
  });

  app.get('/api/balloons/:id/technical-log', async (request, reply) => {
    const format = formatOf(request, ['json', 'csv']);
    const log = await balloonTechnicalLog(db, pathId(request));
    if (format === 'csv') {
      const name = `livret-technique-${safe(log.balloon.registration_number ?? log.balloon.label)}.csv`;
      return sendFile(reply, technicalLogCsv(log), 'text/csv; charset=utf-8', name);
    }
    return log;
  });
}
