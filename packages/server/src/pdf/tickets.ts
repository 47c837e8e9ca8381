import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { createElement as h, type ReactElement } from 'react';
import type { DB } from '../db/schema.js';
import './fonts.js';
import { loadTicketSheet, type Ticket, type TicketSheet } from './ticket-data.js';

// Printed tickets (issue 8), drawn with @react-pdf/renderer from the ticket template base of the booking's
// prestation: 'classic' (three cut-out tickets per A4 page, coloured band), 'gift' (one gift voucher per A5
// landscape page, framed), 'minimal' (black on white, three per page, for office printers). Helvetica is one of
// the PDF standard fonts: its WinAnsi encoding prints French accents and the euro sign, nothing to embed.

const BLUE = '#0b5cad';
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const GOLD = '#b07d2b';

const styles = StyleSheet.create({
  a4: { padding: 28, fontFamily: 'Helvetica', color: INK },
  ticket: {
    minHeight: 240,
    flexDirection: 'row',
    borderWidth: 1,
    borderColor: '#c9d3df',
    borderRadius: 6,
    marginBottom: 14,
  },
  band: { width: 150, backgroundColor: BLUE, color: 'white', padding: 16, justifyContent: 'space-between' },
  bandOperator: { fontSize: 15, fontFamily: 'Helvetica-Bold' },
  bandTitle: { fontSize: 10, marginTop: 6 },
  bandContact: { fontSize: 8, lineHeight: 1.4 },
  body: { flex: 1, padding: 18, justifyContent: 'space-between' },
  kicker: { fontSize: 9, color: MUTED, textTransform: 'uppercase', letterSpacing: 1 },
  name: { fontSize: 22, fontFamily: 'Helvetica-Bold', marginTop: 4 },
  type: { fontSize: 10, color: MUTED, marginTop: 2 },
  rows: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 8 },
  cell: { width: '50%', marginBottom: 6, paddingRight: 8 },
  label: { fontSize: 8, color: MUTED, textTransform: 'uppercase' },
  value: { fontSize: 11, marginTop: 2 },
  strong: { fontSize: 11, marginTop: 2, fontFamily: 'Helvetica-Bold' },
  footer: { fontSize: 8, color: MUTED },
  qrBox: { width: 130, padding: 14, alignItems: 'center', justifyContent: 'center' },
  qr: { width: 100, height: 100 },
  qrCaption: { fontSize: 8, color: MUTED, marginTop: 6, textAlign: 'center' },
  // Gift voucher
  a5: { padding: 22, fontFamily: 'Helvetica', color: INK },
  frame: {
    flex: 1,
    borderWidth: 3,
    borderColor: GOLD,
    borderRadius: 10,
    paddingHorizontal: 26,
    paddingVertical: 20,
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  giftOperator: { fontSize: 12, letterSpacing: 3, textTransform: 'uppercase', color: GOLD, textAlign: 'center' },
  giftTitle: { fontSize: 38, fontFamily: 'Times-Bold', marginTop: 6 },
  giftSubtitle: { fontSize: 13, color: MUTED, marginTop: 4, fontFamily: 'Times-Italic', textAlign: 'center' },
  giftFor: { fontSize: 10, color: MUTED, marginTop: 10 },
  giftName: { fontSize: 26, fontFamily: 'Times-Bold', marginTop: 2, textAlign: 'center' },
  giftBottom: { flexDirection: 'row', width: '100%', justifyContent: 'space-between', alignItems: 'flex-end' },
  giftDetails: { flex: 1 },
  // Minimal
  plain: {
    minHeight: 240,
    flexDirection: 'row',
    borderWidth: 1,
    borderColor: INK,
    marginBottom: 14,
    borderStyle: 'dashed',
  },
});

const frenchDate = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const validity = (sheet: TicketSheet) =>
  sheet.validUntil ? `Valable jusqu'au ${frenchDate(sheet.validUntil)}` : 'Validité : voir conditions';

// Widths (pt) the big texts have: the band, the classic body beside the QR code (wider without the band), the
// gift voucher frame.
const BAND_WIDTH = 118;
const BODY_WIDTH = 220;
const PLAIN_BODY_WIDTH = 370;
const GIFT_WIDTH = 490;

/**
 * A type size at which a text holds on `lines` lines of `width` points and its longest word on one line: words are
 * never hyphenated (see fonts.ts), so an unbroken word wider than its box would run over the next one. Average
 * glyph widths of the bold faces, slightly generous.
 */
function fitSize(text: string, size: number, width: number, lines = 2): number {
  const longestWord = Math.max(...text.split(/\s+/).map((word) => word.length), 1);
  // Never below 8 pt: an absurdly long text wraps onto more lines rather than turning unreadable.
  return Math.max(8, Math.min(size, width / (longestWord * 0.62), (width * lines) / (text.length * 0.56)));
}

// The A5 voucher cannot grow: its operator line stays on one line (spaced capitals, 3 pt apart), and a long name
// takes one line while it stays large enough, else two slightly smaller ones.
const giftOperatorSize = (name: string) =>
  Math.max(7, Math.min(12, (GIFT_WIDTH - 3 * name.length) / (name.length * 0.7)));

function giftNameSize(name: string): number {
  const oneLine = fitSize(name, 26, GIFT_WIDTH, 1);
  return oneLine >= 18 ? oneLine : fitSize(name, 22, GIFT_WIDTH, 2);
}

const contact = (sheet: TicketSheet) => [sheet.operator.phone, sheet.operator.email].filter(Boolean).join('\n');

// A long value (prestation, location) takes the whole row rather than a tall, narrow column.
const cell = (key: string, label: string, value: string | null, isStrong = false) =>
  h(View, { key, style: [styles.cell, (value?.length ?? 0) > 32 ? { width: '100%' } : {}] }, [
    h(Text, { key: 'l', style: styles.label }, label),
    h(Text, { key: 'v', style: isStrong ? styles.strong : styles.value }, value || '—'),
  ]);

const details = (sheet: TicketSheet, ticket: Ticket) =>
  h(View, { style: styles.rows }, [
    cell('b', 'Réservation', sheet.booking.number),
    cell('t', 'Billet', ticket.ticketNumber, true),
    cell('p', 'Prestation', sheet.prestation),
    cell('l', 'Lieu de décollage', sheet.location),
    sheet.booking.numberAlt ? cell('a', 'Référence', sheet.booking.numberAlt) : null,
  ]);

const qrCode = (qr: string, ticket: Ticket) =>
  h(View, { style: styles.qrBox }, [
    h(Image, { key: 'i', style: styles.qr, src: qr }),
    h(Text, { key: 'c', style: styles.qrCaption }, ticket.ticketNumber),
  ]);

function classicTicket(sheet: TicketSheet, ticket: Ticket, qr: string, key: number, isPlain: boolean): ReactElement {
  const left = isPlain
    ? null
    : h(View, { key: 'band', style: styles.band }, [
        h(View, { key: 'top' }, [
          h(
            Text,
            { key: 'o', style: [styles.bandOperator, { fontSize: fitSize(sheet.operator.name, 15, BAND_WIDTH, 3) }] },
            sheet.operator.name,
          ),
          h(Text, { key: 't', style: styles.bandTitle }, 'Vol en montgolfière'),
        ]),
        h(Text, { key: 'c', style: styles.bandContact }, contact(sheet)),
      ]);
  const body = h(View, { key: 'body', style: styles.body }, [
    h(View, { key: 'who' }, [
      h(Text, { key: 'k', style: styles.kicker }, isPlain ? `${sheet.operator.name} · Billet de vol` : 'Billet de vol'),
      h(
        Text,
        {
          key: 'n',
          style: [
            styles.name,
            { fontSize: fitSize(ticket.passengerName, 22, isPlain ? PLAIN_BODY_WIDTH : BODY_WIDTH) },
          ],
        },
        ticket.passengerName,
      ),
      ticket.passengerType ? h(Text, { key: 't', style: styles.type }, ticket.passengerType) : null,
    ]),
    h(View, { key: 'd' }, details(sheet, ticket)),
    h(Text, { key: 'f', style: styles.footer }, `${validity(sheet)}. Présentez ce billet au pilote le jour du vol.`),
  ]);
  return h(View, { key, style: isPlain ? styles.plain : styles.ticket, wrap: false }, [
    left,
    body,
    h(View, { key: 'qr' }, qrCode(qr, ticket)),
  ]);
}

function giftPage(sheet: TicketSheet, ticket: Ticket, qr: string, key: number): ReactElement {
  return h(Page, { key, size: 'A5', orientation: 'landscape', style: styles.a5 }, [
    h(View, { key: 'frame', style: styles.frame }, [
      h(View, { key: 'head', style: { alignItems: 'center' } }, [
        h(
          Text,
          { key: 'o', style: [styles.giftOperator, { fontSize: giftOperatorSize(sheet.operator.name) }] },
          sheet.operator.name,
        ),
        h(Text, { key: 't', style: styles.giftTitle }, 'Bon cadeau'),
        h(Text, { key: 's', style: styles.giftSubtitle }, sheet.prestation ?? 'Vol en montgolfière'),
        h(Text, { key: 'f', style: styles.giftFor }, 'offert à'),
        h(
          Text,
          { key: 'n', style: [styles.giftName, { fontSize: giftNameSize(ticket.passengerName) }] },
          ticket.passengerName,
        ),
      ]),
      h(View, { key: 'bottom', style: styles.giftBottom }, [
        h(View, { key: 'd', style: styles.giftDetails }, [
          h(View, { key: 'r', style: styles.rows }, [
            cell('b', 'Réservation', sheet.booking.number),
            cell('t', 'Billet', ticket.ticketNumber, true),
            cell('l', 'Lieu de décollage', sheet.location),
            cell('v', "Valable jusqu'au", sheet.validUntil ? frenchDate(sheet.validUntil) : null),
            sheet.booking.numberAlt ? cell('a', 'Référence', sheet.booking.numberAlt) : null,
          ]),
          h(Text, { key: 'c', style: styles.footer }, contact(sheet).replace('\n', ' · ')),
        ]),
        h(View, { key: 'qr' }, qrCode(qr, ticket)),
      ]),
    ]),
  ]);
}

const TICKETS_PER_A4 = 3;

function ticketsDocument(sheet: TicketSheet, codes: string[]): ReactElement {
  const title = `Billets ${sheet.booking.number}`;
  const meta = { title, author: sheet.operator.name, creator: sheet.operator.name, producer: sheet.operator.name };
  if (sheet.tickets.length === 0) {
    return h(Document, meta, [
      h(Page, { key: 0, size: 'A4', style: styles.a4 }, [
        h(Text, { key: 't', style: styles.name }, `Réservation ${sheet.booking.number}`),
        h(Text, { key: 'm', style: styles.value }, 'Aucun passager sur cette réservation.'),
      ]),
    ]);
  }
  if (sheet.base === 'gift') {
    return h(
      Document,
      meta,
      sheet.tickets.map((ticket, i) => giftPage(sheet, ticket, codes[i] as string, i)),
    );
  }
  const isPlain = sheet.base === 'minimal';
  const pages: ReactElement[] = [];
  for (let start = 0; start < sheet.tickets.length; start += TICKETS_PER_A4) {
    const chunk = sheet.tickets.slice(start, start + TICKETS_PER_A4);
    pages.push(
      h(
        Page,
        { key: start, size: 'A4', style: styles.a4 },
        chunk.map((ticket, i) => classicTicket(sheet, ticket, codes[start + i] as string, i, isPlain)),
      ),
    );
  }
  return h(Document, meta, pages);
}

/** The PDF of a sheet of tickets (the booking's, one passenger's, or a template preview's sample). */
export async function renderTicketSheet(sheet: TicketSheet): Promise<Buffer> {
  const codes = await Promise.all(
    sheet.tickets.map((ticket) =>
      QRCode.toDataURL(ticket.ticketNumber || sheet.booking.number, {
        margin: 0,
        width: 240,
        errorCorrectionLevel: 'M',
      }),
    ),
  );
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf types its root as a DocumentProps element
  return renderToBuffer(ticketsDocument(sheet, codes) as any);
}

/** GET /api/bookings/{id}/tickets.pdf; null when there is no such booking. */
export async function renderBookingTicketsPdf(db: Kysely<DB>, bookingId: number): Promise<Buffer | null> {
  const sheet = await loadTicketSheet(db, { bookingId });
  return sheet ? renderTicketSheet(sheet) : null;
}

/** GET /api/passengers/{id}/ticket.pdf; null when there is no such passenger. */
export async function renderPassengerTicketPdf(db: Kysely<DB>, passengerId: number): Promise<Buffer | null> {
  const sheet = await loadTicketSheet(db, { passengerId });
  return sheet ? renderTicketSheet(sheet) : null;
}
