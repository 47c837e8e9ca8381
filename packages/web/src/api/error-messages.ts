import { ApiError } from './client';

// Reading a failed call for the user: notifications themselves come from components/notify (red, 4000 ms, logged).

/** The server's own French message for refusals it explains (422, 429), else the screen's message. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 422 || error.status === 429) && error.body?.message) {
    return error.body.message;
  }
  return fallback;
}

/** Field messages of a 422 answer, first message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422 || !error.body?.errors) return {};
  return Object.fromEntries(
    Object.entries(error.body.errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
}
