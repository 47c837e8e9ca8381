import { customerDisplayName, frenchDate } from '@app/domain';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Kysely } from 'kysely';
import { createElement as h, type ReactElement } from 'react';
import { today as operatorToday } from '../core/clock.js';
import type { DB } from '../db/schema.js';
import { AUTOMATIC_AUTHOR } from '../engine/history.js';
import { loadTicketOperator, type TicketOperator } from './ticket-data.js';
import './fonts.js';

// 'Attestation de validité' (issue 29): the written record a customer can show, of the voucher's validity and of
// every extension (manual or automatic) with its reason, author and date, under the operator's details from the
// settings. One A4 page (more when the history is long). GET /api/bookings/{id}/validity.pdf, staff.

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const LINE = '#c9d3df';

const styles = StyleSheet.create({
  page: { padding: 40, fontFamily: 'Helvetica', fontSize: 10, color: INK, lineHeight: 1.35 },
  header: { flexDirection: 'row', justifyContent: 'space-between', borderBottomWidth: 1.5, borderColor: INK },
  operator: { paddingBottom: 8 },
  operatorName: { fontSize: 13, fontFamily: 'Helvetica-Bold' },
  muted: { color: MUTED },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 24, lineHeight: 1.2, marginBottom: 4 },
  subtitle: { color: MUTED, marginTop: 2 },
  box: { marginTop: 16, borderWidth: 1, borderColor: LINE, borderRadius: 3, padding: 10 },
  row: { flexDirection: 'row', paddingVertical: 1.5 },
  label: { width: 170, color: MUTED },
  value: { flex: 1, fontFamily: 'Helvetica-Bold' },
  statement: { marginTop: 18, fontSize: 11 },
  strong: { fontFamily: 'Helvetica-Bold' },
  sectionTitle: { marginTop: 20, fontSize: 9, color: MUTED, textTransform: 'uppercase', letterSpacing: 0.8 },
  table: { marginTop: 6, borderWidth: 1, borderColor: LINE, borderRadius: 3 },
  th: { flexDirection: 'row', backgroundColor: '#eef2f6', paddingVertical: 4, paddingHorizontal: 6 },
  tr: { flexDirection: 'row', paddingVertical: 4, paddingHorizontal: 6, borderTopWidth: 0.5, borderColor: LINE },
  cDate: { width: 62 },
  cMonths: { width: 52 },
  cUntil: { width: 72 },
  cReason: { flex: 1, paddingRight: 6 },
  cAuthor: { width: 90 },
  signature: { marginTop: 28, alignItems: 'flex-end' },
  footer: { position: 'absolute', bottom: 22, left: 40, right: 40, fontSize: 8, color: MUTED, textAlign: 'center' },
});

export type AttestationExtension = {
  date: string;
  months: number;
  previous: string | null;
  until: string;
  reason: string;
  author: string;
};

export type ValidityAttestation = {
  operator: TicketOperator;
  number: string;
  customer: string;
  passengers: number;
  bookedAt: string | null;
  validUntil: string | null;
  weatherPostponements: number;
  extensions: AttestationExtension[];
  issuedOn: string;
};

const line = (key: string, label: string, value: string) =>
  h(View, { key, style: styles.row }, [
    h(Text, { key: 'l', style: styles.label }, label),
    h(Text, { key: 'v', style: styles.value }, value),
  ]);

function attestationDocument(a: ValidityAttestation): ReactElement {
  const o = a.operator;
  const contact = [o.phone, o.email, o.website].filter(Boolean).join(' · ');
  const head = h(View, { key: 'head', style: styles.header }, [
    h(View, { key: 'o', style: styles.operator }, [
      h(Text, { key: 'n', style: styles.operatorName }, o.name),
      ...o.address.map((l, i) => h(Text, { key: `a${i}`, style: styles.muted }, l)),
      contact ? h(Text, { key: 'c', style: styles.muted }, contact) : null,
    ]),
  ]);
  const until = a.validUntil ? frenchDate(a.validUntil) : null;
  const booking = h(View, { key: 'booking', style: styles.box }, [
    line('n', 'Réservation', a.number),
    line('c', 'Client', a.customer || '—'),
    line('p', 'Passagers', String(a.passengers)),
    line('b', "Date d'achat", a.bookedAt ? frenchDate(a.bookedAt) : '—'),
    line('v', 'Valable jusqu’au', until ?? '—'),
    line('w', 'Reports météo', String(a.weatherPostponements)),
  ]);
  const statement = h(
    Text,
    { key: 'statement', style: styles.statement },
    until
      ? [
          `${o.name} atteste que le bon de la réservation n° ${a.number} est valable jusqu’au `,
          h(Text, { key: 'd', style: styles.strong }, `${until} inclus`),
          a.extensions.length > 0
            ? `, après ${a.extensions.length === 1 ? 'la prolongation' : `les ${a.extensions.length} prolongations`} ci-dessous.`
            : '.',
        ]
      : `${o.name} atteste que le bon de la réservation n° ${a.number} n’a pas de date de fin de validité.`,
  );
  const history = [
    h(Text, { key: 'ht', style: styles.sectionTitle }, 'Historique des prolongations'),
    a.extensions.length === 0
      ? h(Text, { key: 'none', style: [styles.muted, { marginTop: 6 }] }, 'Aucune prolongation.')
      : h(View, { key: 'table', style: styles.table }, [
          h(View, { key: 'th', style: styles.th, fixed: true }, [
            h(Text, { key: 'd', style: [styles.cDate, styles.strong] }, 'Date'),
            h(Text, { key: 'm', style: [styles.cMonths, styles.strong] }, 'Durée'),
            h(Text, { key: 'u', style: [styles.cUntil, styles.strong] }, 'Jusqu’au'),
            h(Text, { key: 'r', style: [styles.cReason, styles.strong] }, 'Motif'),
            h(Text, { key: 'a', style: [styles.cAuthor, styles.strong] }, 'Auteur'),
          ]),
          ...a.extensions.map((e, i) =>
            h(View, { key: i, style: styles.tr, wrap: false }, [
              h(Text, { key: 'd', style: styles.cDate }, frenchDate(e.date)),
              h(Text, { key: 'm', style: styles.cMonths }, `+${e.months} mois`),
              h(Text, { key: 'u', style: styles.cUntil }, frenchDate(e.until)),
              h(Text, { key: 'r', style: styles.cReason }, e.reason),
              h(Text, { key: 'a', style: styles.cAuthor }, e.author),
            ]),
          ),
        ]),
  ];
  const signature = h(View, { key: 'sig', style: styles.signature }, [
    h(Text, { key: 'f' }, `Fait le ${frenchDate(a.issuedOn)}`),
    h(Text, { key: 'o', style: styles.strong }, o.name),
  ]);
  return h(
    Document,
    { title: `Attestation de validité ${a.number}`, author: o.name, language: 'fr' },
    h(Page, { size: 'A4', style: styles.page }, [
      head,
      h(Text, { key: 't', style: styles.title }, 'Attestation de validité'),
      h(Text, { key: 's', style: styles.subtitle }, `Bon de la réservation n° ${a.number}`),
      booking,
      statement,
      ...history,
      signature,
      h(
        Text,
        { key: 'footer', style: styles.footer, fixed: true },
        `${o.name} · Attestation de validité · réservation ${a.number}`,
      ),
    ]),
  );
}

/** The booking's attestation data; null for an unknown booking. */
export async function loadValidityAttestation(
  db: Kysely<DB>,
  bookingId: number,
  today = operatorToday(),
): Promise<ValidityAttestation | null> {
  const booking = await db
    .selectFrom('bookings as b')
    .leftJoin('customers as c', 'c.id', 'b.customer_id')
    .select([
      'b.number',
      'b.passengers_number',
      'b.booked_at',
      'b.validity_date',
      'b.weather_postponements',
      'c.first_name',
      'c.last_name',
      'c.company_name',
      'c.customer_type_id',
    ])
    .where('b.id', '=', bookingId)
    .executeTakeFirst();
  if (!booking) return null;
  const extensions = await db
    .selectFrom('booking_validity_extensions as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .select([
      'e.created_at',
      'e.months',
      'e.previous_validity_date',
      'e.validity_date',
      'e.reason',
      'e.rule',
      'u.first_name',
      'u.last_name',
    ])
    .where('e.booking_id', '=', bookingId)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .execute();
  return {
    operator: await loadTicketOperator(db),
    number: booking.number,
    customer: customerDisplayName(booking),
    passengers: booking.passengers_number,
    bookedAt: booking.booked_at,
    validUntil: booking.validity_date,
    weatherPostponements: booking.weather_postponements,
    extensions: extensions.map((e) => ({
      date: String(e.created_at).slice(0, 10),
      months: e.months,
      previous: e.previous_validity_date,
      until: e.validity_date,
      reason: e.reason,
      author: e.rule
        ? AUTOMATIC_AUTHOR
        : [e.first_name, e.last_name].filter(Boolean).join(' ') || 'Utilisateur supprimé',
    })),
    issuedOn: today,
  };
}

export async function renderValidityAttestationPdf(db: Kysely<DB>, bookingId: number): Promise<Buffer | null> {
  const attestation = await loadValidityAttestation(db, bookingId);
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf types its root as a DocumentProps element
  return attestation ? renderToBuffer(attestationDocument(attestation) as any) : null;
}
