import type { PilotLogbook } from '@app/domain';
import { formatMinutes, frenchDate } from '@app/domain';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import { createElement as h } from 'react';
import './fonts.js';

// The pilot's logbook as a printed document (issue 30): A4 landscape, one line per realized flight, totals at the
// end. GET /api/pilots/{id}/logbook?format=pdf.

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const LINE = '#c9d3df';

const styles = StyleSheet.create({
  page: { padding: 28, fontFamily: 'Helvetica', fontSize: 8, color: INK },
  title: { fontSize: 15, fontFamily: 'Helvetica-Bold' },
  subtitle: { fontSize: 9, color: MUTED, marginTop: 2, marginBottom: 8 },
  th: { flexDirection: 'row', backgroundColor: '#eef2f6', paddingVertical: 3, fontFamily: 'Helvetica-Bold' },
  tr: { flexDirection: 'row', paddingVertical: 2.5, borderTopWidth: 0.5, borderColor: LINE },
  total: {
    flexDirection: 'row',
    paddingVertical: 3,
    borderTopWidth: 1,
    borderColor: INK,
    fontFamily: 'Helvetica-Bold',
  },
  footer: { position: 'absolute', bottom: 16, left: 28, right: 28, fontSize: 7, color: MUTED, textAlign: 'center' },
});

const COLUMNS = [
  { key: 'date', label: 'Date', width: 52 },
  { key: 'reg', label: 'Immatriculation', width: 70 },
  { key: 'type', label: 'Opération', width: 70 },
  { key: 'from', label: 'Décollage (lieu, heure)', width: 130 },
  { key: 'to', label: 'Atterrissage (lieu, heure)', width: 130 },
  { key: 'dur', label: 'Durée', width: 40 },
  { key: 'pax', label: 'Pass.', width: 30 },
  { key: 'rem', label: 'Remarques', width: 0 },
] as const;

const cell = (key: string, width: number, text: string) =>
  h(Text, { key, style: width ? { width, paddingHorizontal: 3 } : { flex: 1, paddingHorizontal: 3 } }, text);

export async function renderPilotLogbookPdf(logbook: PilotLogbook, operator: string): Promise<Buffer> {
  const period =
    logbook.from || logbook.to
      ? `Du ${logbook.from ? frenchDate(logbook.from) : 'début'} au ${logbook.to ? frenchDate(logbook.to) : "aujourd'hui"}`
      : 'Tous les vols réalisés';
  const place = (where: string | null, at: string | null) => [where, at?.slice(0, 5)].filter(Boolean).join(', ') || '—';
  const doc = h(Document, { title: `Carnet de vol ${logbook.pilot.full_name}`, author: operator }, [
    h(Page, { key: 'p', size: 'A4', orientation: 'landscape', style: styles.page }, [
      h(Text, { key: 't', style: styles.title }, `Carnet de vol — ${logbook.pilot.full_name}`),
      h(
        Text,
        { key: 's', style: styles.subtitle },
        `${operator} · licence ${logbook.pilot.licence_number ?? 'non renseignée'} · ${period}`,
      ),
      h(
        View,
        { key: 'th', style: styles.th, fixed: true },
        COLUMNS.map((c) => cell(c.key, c.width, c.label)),
      ),
      ...logbook.entries.map((e) =>
        h(View, { key: e.flight_id, style: styles.tr, wrap: false }, [
          cell('date', 52, frenchDate(e.date)),
          cell('reg', 70, e.balloon_registration ?? e.balloon_label ?? '—'),
          cell('type', 70, e.flight_type ?? '—'),
          cell('from', 130, place(e.takeoff_place, e.takeoff_time)),
          cell('to', 130, place(e.landing_place, e.landing_time)),
          cell('dur', 40, e.duration === null ? '—' : formatMinutes(e.duration)),
          cell('pax', 30, String(e.passengers)),
          cell('rem', 0, [e.remarks, e.incidents ? `Incident : ${e.incidents}` : null].filter(Boolean).join(' · ')),
        ]),
      ),
      logbook.entries.length === 0
        ? h(View, { key: 'none', style: styles.tr }, [cell('n', 0, 'Aucun vol réalisé sur la période.')])
        : null,
      h(View, { key: 'total', style: styles.total, wrap: false }, [
        cell('date', 52 + 70 + 70 + 130 + 130, `Total : ${logbook.totals.flights} vol(s)`),
        cell('dur', 40, formatMinutes(logbook.totals.minutes)),
        cell('pax', 30, String(logbook.totals.passengers)),
        cell('rem', 0, ''),
      ]),
      h(
        Text,
        {
          key: 'f',
          style: styles.footer,
          fixed: true,
          render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
            `${operator} · carnet édité le ${new Date().toLocaleDateString('fr-FR')} · page ${pageNumber}/${totalPages}`,
        },
        null,
      ),
    ]),
  ]);
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf types its root as a DocumentProps element
  return renderToBuffer(doc as any);
}
