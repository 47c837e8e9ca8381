import type { ZodType } from 'zod';
import { ValidationError, zodToErrors } from '../core/errors.js';

// Reading a request's body and path id. The payload schemas of the sign-in, password, profile and users endpoints
// are the domain's (api/session.ts, api/users.ts, schemas/accounts.ts).

/** Parses a JSON body; a failure is a 422 whose message is the first field's message (French). */
export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new ValidationError({}, 'Les données envoyées sont invalides.');
  }
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const errors = zodToErrors(result.error);
  const first = Object.values(errors)[0]?.[0];
  throw new ValidationError(errors, first ?? 'Les données envoyées sont invalides.');
}

/** Digits-only route parameter; anything else is a 404 like an unknown id. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
