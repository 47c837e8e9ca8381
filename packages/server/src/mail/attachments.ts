import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { ticketsPdf } from '../pdf/lazy.js';

// Attachments are stored as descriptions (outbox_mails.attachments, JSON) and rendered when the mail leaves:
// no blobs in the database, and the document reflects the record as it is at send time.

export type AttachmentSpec = { kind: 'booking-tickets'; booking_id: number };

export type RenderedAttachment = { filename: string; content: Buffer; contentType: string };

type Renderer = (db: Kysely<DB>, spec: AttachmentSpec) => Promise<RenderedAttachment>;

export class AttachmentError extends Error {}

const RENDERERS: Record<AttachmentSpec['kind'], Renderer> = {
  'booking-tickets': async (db, spec) => {
    const booking = await db
      .selectFrom('bookings')
      .select('number')
      .where('id', '=', spec.booking_id)
      .executeTakeFirst();
    const pdf = booking ? await (await ticketsPdf()).renderBookingTicketsPdf(db, spec.booking_id) : null;
    if (!booking || !pdf) throw new AttachmentError('Billets introuvables : la réservation a été supprimée.');
    return { filename: `billets-${booking.number}.pdf`, content: pdf, contentType: 'application/pdf' };
  },
};

/** The stored JSON, kept to the kinds this version knows (an unknown kind fails the send, never silently). */
export function parseAttachments(json: string | null): AttachmentSpec[] {
  if (!json) return [];
  const list = JSON.parse(json) as { kind?: string }[];
  return list.map((spec) => {
    if (!spec.kind || !(spec.kind in RENDERERS))
      throw new AttachmentError(`Type de pièce jointe inconnu : ${spec.kind}`);
    return spec as AttachmentSpec;
  });
}

export async function renderAttachments(db: Kysely<DB>, specs: AttachmentSpec[]): Promise<RenderedAttachment[]> {
  const out: RenderedAttachment[] = [];
  for (const spec of specs) out.push(await RENDERERS[spec.kind](db, spec));
  return out;
}
