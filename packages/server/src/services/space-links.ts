import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sha256 } from '../auth/session-format.js';
import type { DB } from '../db/schema.js';
import { literalLimit } from '../engine/sql.js';

// Issue 28: the links of a booking's space (/espace/{token}), apart from the space itself so the mails
// (mail/compose.ts) can write one without importing the space's services. A token is 256 random bits, written as
// 43 base64url characters and kept only as its SHA-256.

type Db = Kysely<DB> | Transaction<DB>;

/** Bytes of randomness of a token: 256 bits. */
export const SPACE_TOKEN_BYTES = 32;
export const SPACE_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Links one booking may hold at once (each mail carrying the link adds one): the oldest go past it. */
export const MAX_LINKS_PER_BOOKING = 20;
/** A template using this variable gets a new link of its booking. */
export const SPACE_URL_PATTERN = /\{\{\s*booking\.space_url\s*\}\}/;

let spaceBaseUrl = 'http://localhost:8000';
/** The app's public address (APP_URL), set when the app is built: links are written on it. */
export function configureSpaceLinks(appUrl: string): void {
  spaceBaseUrl = appUrl.replace(/\/$/, '');
}
export const spaceUrl = (token: string): string => `${spaceBaseUrl}/espace/${token}`;

export const newSpaceToken = (): string => crypto.randomBytes(SPACE_TOKEN_BYTES).toString('base64url');

/** Adds a link to the booking (the mail variable): its token, known only now. */
export async function addSpaceLink(trx: Db, bookingId: number, now = new Date()): Promise<string> {
  const token = newSpaceToken();
  await trx
    .insertInto('booking_space_links')
    .values({ booking_id: bookingId, token_hash: sha256(token), created_at: now.toISOString() })
    .execute();
  // Past the bound, the oldest links go (a booking mailed every day keeps a short list).
  const kept = await trx
    .selectFrom('booking_space_links')
    .select('id')
    .where('booking_id', '=', bookingId)
    .orderBy('id', 'desc')
    .limit(literalLimit(MAX_LINKS_PER_BOOKING))
    .execute();
  if (kept.length === MAX_LINKS_PER_BOOKING) {
    await trx
      .deleteFrom('booking_space_links')
      .where('booking_id', '=', bookingId)
      .where(
        'id',
        'not in',
        kept.map((k) => k.id),
      )
      .execute();
  }
  return token;
}
