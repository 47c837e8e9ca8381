import type { FastifyRequest } from 'fastify';
import { NotFoundError } from '../core/errors.js';

// Small request helpers shared by the special routes.

/** A path id: digits only, anything else is a missing record. */
export function pathId(request: FastifyRequest, name = 'id'): number {
  const raw = (request.params as Record<string, string | undefined>)[name];
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) === 0) throw new NotFoundError();
  return Number(raw);
}

/** The JSON body as an object (an absent or non-object body becomes {} so zod reports the missing fields). */
export const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  request.body !== null && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
