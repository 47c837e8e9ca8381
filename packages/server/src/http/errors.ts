import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UNAVAILABLE_MESSAGE,
  ValidationError,
  zodToErrors,
} from '../core/errors.js';
import { isDatabaseUnavailable } from '../db/availability.js';

// The error handler turns what a handler or service threw (core/errors.ts) into the documented JSON shapes.

/** Seconds a client should wait before trying again (the header of the 503). */
const RETRY_AFTER_S = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ZodError) {
      return reply.status(422).send({ message: 'Les données envoyées sont invalides.', errors: zodToErrors(error) });
    }
    if (error instanceof ValidationError) {
      return reply.status(422).send({ message: error.message, errors: error.errors });
    }
    // Never the driver's text: it may name the host, the user or the statement.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'base de données indisponible : réponse 503');
      return reply.status(503).header('retry-after', String(RETRY_AFTER_S)).send({ message: UNAVAILABLE_MESSAGE });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(status).send({ message: 'Une erreur interne est survenue.' });
    }
    // Fastify's own 4xx (bad JSON body, body too large...) come in English; give them a French message.
    const message =
      error instanceof BadRequestError ||
      error instanceof NotFoundError ||
      error instanceof ForbiddenError ||
      error instanceof ConflictError
        ? error.message
        : status === 415
          ? 'Type de contenu non pris en charge.'
          : status === 413
            ? 'Requête trop volumineuse.'
            : status === 429
              ? 'Trop de tentatives, veuillez réessayer plus tard.'
              : 'Requête invalide.';
    return reply.status(status).send({ message });
  });
}
