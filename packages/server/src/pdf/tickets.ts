import { Document, Image, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { createElement as h, type ReactElement } from 'react';
import type { DB } from '../db/schema.js';
import './fonts.js';
import { loadTicketSheet, type Ticket, type TicketOperator, type TicketSheet } from './ticket-data.js';

// Printed tickets (issue 8), drawn with @react-pdf/renderer from the ticket template base of the booking's
// prestation: 'classic' (three tickets per A4 page, the operator's details in a margin), 'gift' (one gift voucher
// per A5 landscape page, framed), 'minimal' (three per page, one column). Made for office printers (issue 27):
// white paper, thin rules and outlines, no coloured area, readable in black and white, and cut marks at the corners
// of each ticket of an A4 page. Helvetica and Times are PDF standard fonts: their WinAnsi encoding prints French
// accents and the euro sign, nothing to embed.

const INK = '#1f2933';
const MUTED = '#56606d';
const RULE = '#9aa5b1';
// Dark enough to stay a clear grey on a black and white printer.
const GOLD = '#8c6420';

// A4 sheet: three tickets of 515 × 232 pt (182 × 82 mm), 34 pt apart, room around each for its cut marks.
const TICKET_WIDTH = 515;
const TICKET_HEIGHT = 232;
const TICKET_GAP = 34;
const STUB_WIDTH = 150;
const QR_SIZE = 72;
// A cut mark: a hairline prolonging each edge beyond the corner, a little away from it.
const MARK_LENGTH = 11;
const MARK_OFFSET = 4;

const styles = StyleSheet.create({
  a4: {
    paddingVertical: 36,
    paddingHorizontal: (595.28 - TICKET_WIDTH) / 2,
    fontFamily: 'Helvetica',
    color: INK,
  },
  slot: { width: TICKET_WIDTH, height: TICKET_HEIGHT, position: 'relative' },
  ticket: { flex: 1, flexDirection: 'row', borderWidth: 0.6, borderColor: RULE },
  plain: { flex: 1, flexDirection: 'row', borderWidth: 0.6, borderColor: RULE, borderStyle: 'dashed' },
  stub: { width: STUB_WIDTH, paddingVertical: 16, paddingHorizontal: 14, borderRightWidth: 0.6, borderColor: RULE },
  stubOperator: { fontFamily: 'Helvetica-Bold', lineHeight: 1.15 },
  stubRule: { borderTopWidth: 0.6, borderColor: RULE, marginVertical: 9, width: 28 },
  contactLine: { fontSize: 8, lineHeight: 1.4 },
  main: { flex: 1, paddingVertical: 14, paddingHorizontal: 16 },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    alignItems: 'flex-end',
    borderBottomWidth: 0.8,
    borderColor: INK,
    paddingBottom: 6,
  },
  kicker: { fontSize: 8, color: MUTED, textTransform: 'uppercase', letterSpacing: 1.2 },
  headerOperator: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 3 },
  numberBox: { alignItems: 'flex-end' },
  numberLabel: { fontSize: 7, color: MUTED, textTransform: 'uppercase', letterSpacing: 1 },
  number: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 1 },
  middle: { flex: 1, flexDirection: 'row', paddingTop: 10 },
  who: { flex: 1, paddingRight: 12 },
  name: { fontSize: 20, fontFamily: 'Helvetica-Bold', marginTop: 2, lineHeight: 1.1 },
  type: { fontSize: 9, color: MUTED, marginTop: 2 },
  rows: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 7 },
  cell: { width: '50%', marginBottom: 5, paddingRight: 8 },
  label: { fontSize: 7, color: MUTED, textTransform: 'uppercase', letterSpacing: 0.6 },
  value: { fontSize: 10, marginTop: 1.5 },
  qrBox: { width: QR_SIZE, alignItems: 'center' },
  qr: { width: QR_SIZE, height: QR_SIZE },
  sideCell: { marginTop: 5, alignItems: 'center' },
  sideLabel: { fontSize: 6.5, color: MUTED, textTransform: 'uppercase', letterSpacing: 0.5 },
  sideValue: { fontSize: 9, marginTop: 1, fontFamily: 'Helvetica-Bold' },
  footer: { borderTopWidth: 0.6, borderColor: RULE, paddingTop: 5 },
  validity: { fontSize: 8.5, fontFamily: 'Helvetica-Bold' },
  footerText: { fontSize: 7.5, color: MUTED, marginTop: 1.5 },
  mark: { position: 'absolute', borderColor: INK },
  // Gift voucher
  a5: { padding: 22, fontFamily: 'Helvetica', color: INK },
  frame: { flex: 1, borderWidth: 1.6, borderColor: GOLD, padding: 3 },
  innerFrame: {
    flex: 1,
    borderWidth: 0.5,
    borderColor: GOLD,
    paddingHorizontal: 24,
    paddingVertical: 16,
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  giftOperator: { fontSize: 12, letterSpacing: 3, textTransform: 'uppercase', color: GOLD, textAlign: 'center' },
  giftTitle: { fontSize: 36, fontFamily: 'Times-Bold', marginTop: 4 },
  giftSubtitle: { fontSize: 13, color: MUTED, marginTop: 2, fontFamily: 'Times-Italic', textAlign: 'center' },
  giftFor: { fontSize: 10, color: MUTED, marginTop: 8 },
  giftName: { fontSize: 26, fontFamily: 'Times-Bold', marginTop: 2, textAlign: 'center' },
  giftRule: { width: 70, borderTopWidth: 0.8, borderColor: GOLD, marginTop: 12 },
  giftBottom: { flexDirection: 'row', width: '100%', justifyContent: 'space-between', alignItems: 'flex-end' },
  giftDetails: { flex: 1, paddingRight: 14 },
  giftNumber: { fontSize: 15, fontFamily: 'Helvetica-Bold', marginTop: 1 },
  giftQr: { width: 78, height: 78 },
  giftContact: { fontSize: 7.5, color: MUTED, marginTop: 4, lineHeight: 1.35 },
});

const frenchDate = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

const validity = (sheet: TicketSheet) =>
  sheet.validUntil ? `Valable jusqu'au ${frenchDate(sheet.validUntil)}` : 'Validité : voir conditions';

// Widths (pt) the texts have: the stub, the passenger's column beside the QR code (wider on the minimal ticket,
// which has no stub), the room the ticket number leaves to the kicker, the gift voucher frame.
const STUB_TEXT_WIDTH = STUB_WIDTH - 28;
const WHO_WIDTH = TICKET_WIDTH - STUB_WIDTH - 32 - QR_SIZE - 12;
const PLAIN_WHO_WIDTH = TICKET_WIDTH - 32 - QR_SIZE - 12;
const NUMBER_WIDTH = 165;
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

/**
 * A size at which a text holds on one line of `width` points (an email, a website, a prestation), `min` at least:
 * past it the text wraps (or, unbreakable, runs on) rather than turning unreadable. Regular face.
 */
const oneLineSize = (text: string, size: number, width: number, min = 5.5) =>
  Math.max(min, Math.min(size, width / (Math.max(text.length, 1) * 0.52)));

/** The largest size (8 pt down to 6) at which lines fit `height` points of the stub once wrapped. */
function blockSize(lines: string[], height: number): number {
  for (const size of [8, 7.5, 7, 6.5]) {
    const perLine = STUB_TEXT_WIDTH / (size * 0.52);
    const count = lines.reduce((sum, line) => sum + Math.ceil(line.length / perLine), 0);
    if (count * size * 1.4 <= height) return size;
  }
  return 6;
}

// The A5 voucher cannot grow: its operator line stays on one line (spaced capitals, 3 pt apart), and a long name
// takes one line while it stays large enough, else two slightly smaller ones.
const giftOperatorSize = (name: string) =>
  Math.max(7, Math.min(12, (GIFT_WIDTH - 3 * name.length) / (name.length * 0.7)));

function giftNameSize(name: string): number {
  const oneLine = fitSize(name, 26, GIFT_WIDTH, 1);
  return oneLine >= 18 ? oneLine : fitSize(name, 22, GIFT_WIDTH, 2);
}

/** The operator's phone, email and website, each on its line of the stub. */
const contactLines = (operator: TicketOperator): string[] =>
  [operator.phone ? `Tél. ${operator.phone}` : null, operator.email, operator.website].filter((line): line is string =>
    Boolean(line),
  );

/** Everything about the operator on one line (minimal ticket, gift voucher). */
const operatorLine = (operator: TicketOperator, withName: boolean) =>
  [withName ? operator.name : null, operator.address.join(', '), ...contactLines(operator)].filter(Boolean).join(' · ');

// A long value (prestation, location) takes the whole row rather than a tall, narrow column.
const cell = (key: string, label: string, value: string | null) =>
  h(View, { key, style: [styles.cell, (value?.length ?? 0) > 22 ? { width: '100%' } : {}] }, [
    h(Text, { key: 'l', style: styles.label }, label),
    h(Text, { key: 'v', style: styles.value }, value || '—'),
  ]);

const sideCell = (key: string, label: string, value: string) =>
  h(View, { key, style: styles.sideCell }, [
    h(Text, { key: 'l', style: styles.sideLabel }, label),
    h(Text, { key: 'v', style: [styles.sideValue, { fontSize: oneLineSize(value, 9, QR_SIZE + 10, 6) }] }, value),
  ]);

/**
 * The prestation and the takeoff location: side by side when both are short, else one a line, their type fitted
 * to the line (the ticket's height is fixed: three to an A4 page).
 */
function whatAndWhere(sheet: TicketSheet, width: number): ReactElement[] {
  const items = [
    ['p', 'Prestation', sheet.prestation || '—'],
    ['l', 'Lieu de décollage', sheet.location || '—'],
  ] as const;
  const half = width / 2 - 8;
  const isSideBySide = items.every(([, , value]) => oneLineSize(value, 10, half) >= 10);
  return items.map(([key, label, value]) =>
    h(View, { key, style: [styles.cell, isSideBySide ? {} : { width: '100%' }] }, [
      h(Text, { key: 'l', style: styles.label }, label),
      h(
        Text,
        { key: 'v', style: [styles.value, { fontSize: oneLineSize(value, 10, isSideBySide ? half : width - 8, 7) }] },
        value,
      ),
    ]),
  );
}

/** Two hairlines at each corner, outside the ticket, prolonging its edges: where to cut. */
function cutMarks(): ReactElement[] {
  const away = -(MARK_OFFSET + MARK_LENGTH);
  const marks: ReactElement[] = [];
  for (const vertical of ['top', 'bottom'] as const) {
    for (const horizontal of ['left', 'right'] as const) {
      const key = `${vertical}-${horizontal}`;
      // Along the top or bottom edge, beyond the left or right one.
      marks.push(
        h(View, {
          key: `${key}-h`,
          style: [styles.mark, { [vertical]: 0, [horizontal]: away, width: MARK_LENGTH, borderTopWidth: 0.5 }],
        }),
      );
      // Along the left or right edge, beyond the top or bottom one.
      marks.push(
        h(View, {
          key: `${key}-v`,
          style: [styles.mark, { [horizontal]: 0, [vertical]: away, height: MARK_LENGTH, borderLeftWidth: 0.5 }],
        }),
      );
    }
  }
  return marks;
}

/** An email too long for the stub at a readable size goes on two lines, cut before its '@'. */
function stubLines(line: string): string[] {
  const at = line.indexOf('@');
  if (oneLineSize(line, 8, STUB_TEXT_WIDTH) >= 7 || at <= 0) return [line];
  return [line.slice(0, at), line.slice(at)];
}

// The phone wraps at its spaces like any text; an email or a website has none and is sized to its line.
const contactSize = (line: string) => (/\s/.test(line) ? 8 : oneLineSize(line, 8, STUB_TEXT_WIDTH));

function stub(operator: TicketOperator): ReactElement {
  const contacts = contactLines(operator);
  // The address is at most 4 lines of 300 characters together (domain company.ts): smaller type when it is long.
  const addressSize = blockSize(operator.address, 70);
  return h(View, { key: 'stub', style: styles.stub }, [
    h(
      Text,
      { key: 'o', style: [styles.stubOperator, { fontSize: fitSize(operator.name, 13, STUB_TEXT_WIDTH, 3) }] },
      operator.name,
    ),
    operator.address.length > 0 || contacts.length > 0 ? h(View, { key: 'r', style: styles.stubRule }) : null,
    ...operator.address.map((line, i) =>
      h(Text, { key: `a${i}`, style: [styles.contactLine, { fontSize: addressSize }] }, line),
    ),
    operator.address.length > 0 && contacts.length > 0 ? h(View, { key: 's', style: { height: 6 } }) : null,
    ...contacts
      .flatMap(stubLines)
      .map((line, i) => h(Text, { key: `c${i}`, style: [styles.contactLine, { fontSize: contactSize(line) }] }, line)),
  ]);
}

function ticketView(
  sheet: TicketSheet,
  ticket: Ticket,
  qr: string,
  key: number,
  options: { isPlain: boolean; isLast: boolean },
): ReactElement {
  const { isPlain, isLast } = options;
  const number = ticket.ticketNumber || '—';
  const header = h(View, { key: 'head', style: styles.header }, [
    h(View, { key: 'l', style: { flex: 1, paddingRight: 10 } }, [
      h(Text, { key: 'k', style: styles.kicker }, 'Billet de vol en montgolfière'),
      // The minimal ticket has no stub: its operator heads the ticket.
      isPlain
        ? h(
            Text,
            { key: 'o', style: [styles.headerOperator, { fontSize: oneLineSize(sheet.operator.name, 11, 280, 7) }] },
            sheet.operator.name,
          )
        : null,
    ]),
    h(View, { key: 'n', style: styles.numberBox }, [
      h(Text, { key: 'l', style: styles.numberLabel }, 'Billet n°'),
      h(Text, { key: 'v', style: [styles.number, { fontSize: fitSize(number, 18, NUMBER_WIDTH, 1) }] }, number),
    ]),
  ]);
  const whoWidth = isPlain ? PLAIN_WHO_WIDTH : WHO_WIDTH;
  const who = h(View, { key: 'who', style: styles.who }, [
    h(Text, { key: 'k', style: styles.label }, 'Passager'),
    h(
      Text,
      { key: 'n', style: [styles.name, { fontSize: fitSize(ticket.passengerName, 20, whoWidth) }] },
      ticket.passengerName,
    ),
    ticket.passengerType ? h(Text, { key: 't', style: styles.type }, ticket.passengerType) : null,
    h(View, { key: 'd', style: styles.rows }, whatAndWhere(sheet, whoWidth)),
  ]);
  // The numbers on the right: the ticket's in the header, the booking's under the QR code.
  const side = h(View, { key: 'side', style: styles.qrBox }, [
    h(Image, { key: 'i', style: styles.qr, src: qr }),
    sideCell('b', 'Réservation', sheet.booking.number),
    sheet.booking.numberAlt ? sideCell('a', 'Référence', sheet.booking.numberAlt) : null,
  ]);
  const contact = isPlain ? operatorLine(sheet.operator, false) : '';
  const footer = h(View, { key: 'foot', style: styles.footer }, [
    h(Text, { key: 'v', style: styles.validity }, `${validity(sheet)}. Présentez ce billet au pilote le jour du vol.`),
    contact
      ? h(Text, { key: 'c', style: [styles.footerText, { fontSize: oneLineSize(contact, 7.5, 2 * 470, 6) }] }, contact)
      : null,
  ]);
  const main = h(View, { key: 'main', style: styles.main }, [
    header,
    h(View, { key: 'mid', style: styles.middle }, [who, side]),
    footer,
  ]);
  return h(View, { key, style: [styles.slot, isLast ? {} : { marginBottom: TICKET_GAP }], wrap: false }, [
    h(View, { key: 'ticket', style: isPlain ? styles.plain : styles.ticket }, [
      isPlain ? null : stub(sheet.operator),
      main,
    ]),
    ...cutMarks(),
  ]);
}

function giftPage(sheet: TicketSheet, ticket: Ticket, qr: string, key: number): ReactElement {
  const contact = operatorLine(sheet.operator, false);
  return h(Page, { key, size: 'A5', orientation: 'landscape', style: styles.a5 }, [
    h(View, { key: 'frame', style: styles.frame }, [
      h(View, { key: 'inner', style: styles.innerFrame }, [
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
          h(View, { key: 'r', style: styles.giftRule }),
        ]),
        h(View, { key: 'bottom', style: styles.giftBottom }, [
          h(View, { key: 'd', style: styles.giftDetails }, [
            h(Text, { key: 'nl', style: styles.numberLabel }, 'Billet n°'),
            h(Text, { key: 'nv', style: styles.giftNumber }, ticket.ticketNumber || '—'),
            h(View, { key: 'r', style: styles.rows }, [
              cell('b', 'Réservation', sheet.booking.number),
              cell('v', "Valable jusqu'au", sheet.validUntil ? frenchDate(sheet.validUntil) : null),
              cell('l', 'Lieu de décollage', sheet.location),
              sheet.booking.numberAlt ? cell('a', 'Référence', sheet.booking.numberAlt) : null,
            ]),
            contact ? h(Text, { key: 'c', style: styles.giftContact }, contact) : null,
          ]),
          h(Image, { key: 'qr', style: styles.giftQr, src: qr }),
        ]),
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
        chunk.map((ticket, i) =>
          ticketView(sheet, ticket, codes[start + i] as string, i, { isPlain, isLast: i === chunk.length - 1 }),
        ),
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
