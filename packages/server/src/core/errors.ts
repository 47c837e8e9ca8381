import { AUTH_MESSAGES } from '@app/domain';
import type { ZodError } from 'zod';

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
  constructor(message: string = AUTH_MESSAGES.forbidden) {
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
