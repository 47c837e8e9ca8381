import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/availability.js';

// Errors a handler or service may throw; the error handler turns them into the documented JSON shapes.

/** 400: a malformed list query (unknown field, relation, operator...). */
export class BadRequestError extends Error {
  readonly statusCode = 400;
}

/** 422 `{message, errors: {field: [message]}}`: invalid payload or a broken business rule. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly errors: Record<string, string[]>,
    message = 'Les données envoyées sont invalides.',
  ) {
    super(message);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] }, message);
  }
}

export class NotFoundError extends Error {
  readonly statusCode = 404;
  constructor(message = 'Élément introuvable.') {
    super(message);
  }
}

export class ForbiddenError extends Error {
  readonly statusCode = 403;
  constructor(message = 'Action non autorisée.') {
    super(message);
  }
}

/** 409: a delete or change refused because other records still depend on this one. */
export class ConflictError extends Error {
  readonly statusCode = 409;
}

/**
 * 503 while the database cannot answer (db/availability.ts). The web app treats any 503 as maintenance: it shows
 * its maintenance page, which asks again every few seconds and goes back where the user was once answered.
 */
export const UNAVAILABLE_MESSAGE = 'Le service est momentanément indisponible. Réessayez dans quelques instants.';
/** Seconds a client should wait before trying again (the header of the 503). */
const RETRY_AFTER_S = 5;

export function zodToErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    const list = errors[key] ?? [];
    list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

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
