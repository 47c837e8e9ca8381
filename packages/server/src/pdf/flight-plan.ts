import type { LogbookEntry } from '@app/domain';
import { frenchDate as ddmmyyyy, formatMinutes } from '@app/domain';
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Kysely } from 'kysely';
import { createElement as h, type ReactElement } from 'react';
import type { DB } from '../db/schema.js';
import { type FlightCompliance, loadFlightCompliance } from '../services/flight-compliance.js';
import { computeFlightMasses, type FlightMasses, loadFlightMassInputs } from '../services/flight-masses.js';
import './fonts.js';

// The operational flight plan the pilot signs (issue 9): one A4 page with the flight, the crew, the masses of
// flight_masses (services/flight-masses.ts) as the pilot reads them, the fuel, the passenger manifest and the
// signature boxes. GET /api/flights/{id}/operational-flight-plan.pdf.

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const LINE = '#c9d3df';
const RED = '#c92a2a';
const GREEN = '#2b8a3e';
const AMBER = '#a15c00';

const styles = StyleSheet.create({
  page: { padding: 30, fontFamily: 'Helvetica', fontSize: 9, color: INK },
  header: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 2,
    borderColor: INK,
    paddingBottom: 6,
  },
  title: { fontSize: 16, fontFamily: 'Helvetica-Bold' },
  subtitle: { fontSize: 10, color: MUTED, marginTop: 2 },
  right: { alignItems: 'flex-end' },
  grid: { flexDirection: 'row', marginTop: 10, gap: 10 },
  box: { flex: 1, borderWidth: 1, borderColor: LINE, borderRadius: 3, padding: 8 },
  boxTitle: { fontSize: 8, color: MUTED, textTransform: 'uppercase', letterSpacing: 0.8, marginBottom: 4 },
  row: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 1.5 },
  label: { color: MUTED },
  value: { fontFamily: 'Helvetica-Bold' },
  total: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderTopWidth: 1,
    borderColor: INK,
    marginTop: 3,
    paddingTop: 3,
  },
  table: { marginTop: 10, borderWidth: 1, borderColor: LINE, borderRadius: 3 },
  th: { flexDirection: 'row', backgroundColor: '#eef2f6', paddingVertical: 3, paddingHorizontal: 6 },
  tr: { flexDirection: 'row', paddingVertical: 2.5, paddingHorizontal: 6, borderTopWidth: 0.5, borderColor: LINE },
  cNum: { width: 22 },
  cName: { flex: 3 },
  cTicket: { flex: 2 },
  cBooking: { flex: 2 },
  cType: { flex: 1.4 },
  cWeight: { width: 50, textAlign: 'right' },
  cCheck: { width: 40, textAlign: 'center', alignItems: 'center' },
  checkbox: { width: 8, height: 8, borderWidth: 0.8, borderColor: INK },
  signatures: { flexDirection: 'row', gap: 10, marginTop: 12 },
  signature: { flex: 1, height: 64, borderWidth: 1, borderColor: INK, borderRadius: 3, padding: 6 },
  recorded: { fontFamily: 'Helvetica-Bold', fontSize: 14, marginTop: 6 },
  notes: { marginTop: 10, borderWidth: 1, borderColor: LINE, borderRadius: 3, padding: 8 },
  note: { paddingVertical: 1.5 },
  check: { flexDirection: 'row', paddingVertical: 2.5, borderTopWidth: 0.5, borderColor: LINE, gap: 6 },
  checkMark: { width: 34, fontFamily: 'Helvetica-Bold' },
  checkName: { width: 110, fontFamily: 'Helvetica-Bold' },
  checkText: { flex: 1 },
  formula: { color: MUTED, fontSize: 8 },
  entry: { marginTop: 10, borderWidth: 1, borderColor: LINE, borderRadius: 3, padding: 8 },
  footer: { position: 'absolute', bottom: 18, left: 30, right: 30, fontSize: 7, color: MUTED, textAlign: 'center' },
});

export type FlightPlanPassenger = {
  name: string;
  ticketNumber: string | null;
  bookingNumber: string;
  type: string | null;
  weight: number | null;
};

export type FlightPlan = {
  operator: string;
  date: string;
  time: string;
  status: string;
  location: string | null;
  takeoffAltitude: number | null;
  maxAltitude: number | null;
  takeoffTemperature: number | null;
  /** HH:mm:ss as recorded after the flight (issue 27), printed in their boxes; null leaves the box to fill by hand. */
  takeoffTime: string | null;
  landingTime: string | null;
  /** The flight's notes (the pilot's remarks), pinned first. */
  notes: string[];
  flightType: string | null;
  balloon: { label: string; registration: string | null; volume: number | null; seats: number | null } | null;
  pilot: string | null;
  teammates: string[];
  masses: FlightMasses | null;
  passengers: FlightPlanPassenger[];
  /** Issue 30: the pilot's currency and the balloon's inspection on the flight's day, and every warning. */
  compliance: FlightCompliance | null;
  landingPlace: string | null;
  fuelLoaded: number | null;
};

/** The sealed record's own page (issue 30): the logbook entry as sealed, and its version. */
export type RecordPage = { version: number; reason: string | null; sealedAt: string; entry: LogbookEntry | null };

const kg = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(value)} kg`;
const unit = (value: number | null | undefined, suffix: string) =>
  value === null || value === undefined
    ? '—'
    : `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value)} ${suffix}`;
const minutes = (value: number | null | undefined) => {
  if (value === null || value === undefined) return '—';
  const hours = Math.floor(value / 60);
  const rest = Math.round(value % 60);
  return hours ? `${hours} h ${String(rest).padStart(2, '0')}` : `${rest} min`;
};

const compact = (text: string) => text.replace(/[^0-9a-z]/gi, '').toUpperCase();

/**
 * 'Cameron (F-GVIN)'; the registration alone when the label is it or already holds it (many operators name a
 * balloon by its registration: 'F-GVIN (F-GVIN)' read as two balloons, issue 27).
 */
export function balloonName(balloon: { label: string; registration: string | null }): string {
  const label = balloon.label.trim();
  const registration = balloon.registration?.trim() ?? '';
  if (!registration) return label || '—';
  if (!label || compact(label).includes(compact(registration))) return label || registration;
  return `${label} (${registration})`;
}

const line = (key: string, label: string, value: string, color?: string) =>
  h(View, { key, style: styles.row }, [
    h(Text, { key: 'l', style: styles.label }, label),
    h(Text, { key: 'v', style: color ? [styles.value, { color }] : styles.value }, value),
  ]);

const box = (key: string, title: string, children: (ReactElement | null)[]) =>
  h(View, { key, style: styles.box }, [h(Text, { key: '_title', style: styles.boxTitle }, title), ...children]);

type Mark = 'ok' | 'ko' | 'unknown';
const MARKS: Record<Mark, { text: string; color: string }> = {
  ok: { text: 'OK', color: GREEN },
  ko: { text: 'NON', color: RED },
  unknown: { text: '?', color: AMBER },
};

const checkLine = (key: string, mark: Mark, name: string, text: string, formula?: string) =>
  h(View, { key, style: styles.check, wrap: false }, [
    h(Text, { key: 'm', style: [styles.checkMark, { color: MARKS[mark].color }] }, MARKS[mark].text),
    h(Text, { key: 'n', style: styles.checkName }, name),
    h(View, { key: 't', style: styles.checkText }, [
      h(Text, { key: 't' }, text),
      formula ? h(Text, { key: 'f', style: styles.formula }, formula) : null,
    ]),
  ]);

/**
 * Each check of the flight file green or red, with the formula and its inputs printed so the pilot can redo it by
 * hand (BOP.ADD.600): allowance, fuel and reserve, crew, pilot currency, balloon inspection.
 */
function checksSection(plan: FlightPlan): ReactElement {
  const m = plan.masses;
  const c = plan.compliance;
  const has = (code: string, severity?: string) =>
    (c?.compliance ?? []).some((i) => i.code === code && (!severity || i.severity === severity));
  const mark = (code: string): Mark => (has(code, 'error') ? 'ko' : has(code, 'warning') ? 'unknown' : 'ok');
  const lines: ReactElement[] = [];
  if (m) {
    lines.push(
      checkLine(
        'al',
        'ok',
        'Allocation passagers',
        `${kg(m.allowance.per_passenger)} par passager`,
        m.allowance.formula,
      ),
    );
    lines.push(
      checkLine(
        'fu',
        m.fuel?.is_ok === true ? 'ok' : m.fuel?.is_ok === false ? 'ko' : 'unknown',
        'Carburant et réserve',
        m.fuel
          ? `Embarqué ${kg(m.fuel.loaded)} ; nécessaire ${kg(m.fuel.needed)}`
          : 'Aucun ballon : carburant non calculé.',
        m.fuel ? `consommation × (vol prévu + réserve) / 60 : ${m.fuel.formula}` : undefined,
      ),
    );
    lines.push(
      checkLine(
        'cr',
        m.crew.is_ok ? 'ok' : 'ko',
        'Équipage',
        `${m.crew.passengers_count} passager(s), ${m.crew.crew_on_board} membre(s) d'équipage à bord`,
        "Au-delà de 19 passagers, un second membre d'équipage à bord.",
      ),
    );
  }
  if (c?.pilot) {
    const p = c.pilot;
    lines.push(
      checkLine(
        'pr',
        mark('pilot_recency'),
        'Expérience récente',
        `${p.recent_flights} vol(s) réalisé(s) dans les ${p.recency.days} jours précédant le vol`,
        `${p.recency.flights} vols requis`,
      ),
    );
    lines.push(
      checkLine(
        'pl',
        mark('pilot_licence'),
        'Licence',
        `${p.licence_number ?? 'n° non renseigné'} · valable jusqu'au ${p.licence_expires_on ? ddmmyyyy(p.licence_expires_on) : '—'}`,
      ),
    );
    lines.push(
      checkLine(
        'pm',
        mark('pilot_medical'),
        'Aptitude médicale',
        `valable jusqu'au ${p.medical_expires_on ? ddmmyyyy(p.medical_expires_on) : '—'}`,
      ),
    );
  }
  if (c?.balloon) {
    const i = c.balloon.inspection;
    lines.push(
      checkLine(
        'bi',
        mark('balloon_inspection'),
        'Visite du ballon',
        i.last_inspection_on
          ? `dernière le ${ddmmyyyy(i.last_inspection_on)} à ${unit(i.hours_at_last_inspection, 'h')} ; échéance ${i.due_on ? ddmmyyyy(i.due_on) : '—'} ou ${unit(i.due_hours, 'h')}`
          : 'aucune visite enregistrée',
        `Heures du ballon avant ce vol : ${unit(i.hours, 'h')} ; la plus proche de ${c.balloon.inspection_rule.months} mois ou ${c.balloon.inspection_rule.hours} h après la visite`,
      ),
    );
  }
  return h(View, { key: 'checks', style: [styles.box, { flex: 1.6 }] }, [
    h(Text, { key: '_title', style: styles.boxTitle }, 'Contrôles'),
    ...lines,
  ]);
}

function recordPage(plan: FlightPlan, record: RecordPage): ReactElement {
  const e = record.entry;
  const row = (key: string, label: string, value: string) => line(key, label, value || '—');
  return h(Page, { key: 'record', size: 'A4', style: styles.page }, [
    h(View, { key: 'head', style: styles.header }, [
      h(View, { key: 'l' }, [
        h(Text, { key: 't', style: styles.title }, 'Dossier de vol — carnet de route'),
        h(
          Text,
          { key: 's', style: styles.subtitle },
          `Version ${record.version} clôturée le ${new Date(record.sealedAt).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' })}`,
        ),
      ]),
      h(View, { key: 'r', style: styles.right }, [h(Text, { key: 'o', style: styles.value }, plan.operator)]),
    ]),
    record.reason
      ? h(View, { key: 'reason', style: styles.notes }, [
          h(Text, { key: '_t', style: styles.boxTitle }, 'Motif de la correction'),
          h(Text, { key: 'r' }, record.reason),
        ])
      : null,
    e
      ? h(View, { key: 'entry', style: styles.entry }, [
          h(Text, { key: '_t', style: styles.boxTitle }, 'Entrée du carnet de route'),
          row('d', 'Date', ddmmyyyy(e.date)),
          row('b', 'Immatriculation', [e.balloon_registration, e.balloon_label].filter(Boolean).join(' · ')),
          row('p', 'Pilote', e.pilot_name ?? ''),
          row('c', 'Équipiers', e.crew.join(', ')),
          row('k', "Type d'opération", e.flight_type ?? ''),
          row('tp', 'Décollage', [e.takeoff_place, e.takeoff_time?.slice(0, 5)].filter(Boolean).join(' à ')),
          row('lp', 'Atterrissage', [e.landing_place, e.landing_time?.slice(0, 5)].filter(Boolean).join(' à ')),
          row('du', 'Temps de vol', e.duration === null ? '' : formatMinutes(e.duration)),
          row('pa', 'Passagers', String(e.passengers)),
          row('re', 'Remarques', e.remarks ?? ''),
          row('in', 'Incidents', e.incidents ?? 'Aucun'),
        ])
      : null,
    h(View, { key: 'cmp', style: [styles.notes] }, [
      h(Text, { key: '_t', style: styles.boxTitle }, 'Avertissements le jour du vol'),
      ...((plan.compliance?.compliance ?? []).length
        ? (plan.compliance?.compliance ?? []).map((i, n) =>
            h(Text, { key: n, style: [styles.note, { color: i.severity === 'error' ? RED : AMBER }] }, i.message),
          )
        : [h(Text, { key: 'none', style: styles.note }, 'Aucun.')]),
    ]),
    h(View, { key: 'sig', style: styles.signatures, wrap: false }, [
      h(View, { key: 'p', style: styles.signature }, [
        h(Text, { key: 't', style: styles.label }, 'Signature du pilote'),
      ]),
    ]),
    h(
      Text,
      { key: 'f', style: styles.footer, fixed: true },
      `${plan.operator} · dossier de vol, version ${record.version} : ce document est conservé tel quel ; son empreinte SHA-256 est tenue par le logiciel.`,
    ),
  ]);
}

function planDocument(plan: FlightPlan, record?: RecordPage): ReactElement {
  const m = plan.masses;
  const frenchDate = new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${plan.date}T00:00:00Z`));
  const time = plan.time.slice(0, 5);
  const head = h(View, { key: 'head', style: styles.header }, [
    h(View, { key: 'l' }, [
      h(Text, { key: 't', style: styles.title }, 'Plan de vol opérationnel'),
      h(Text, { key: 's', style: styles.subtitle }, `${frenchDate} à ${time} · ${plan.location ?? 'lieu non défini'}`),
    ]),
    h(View, { key: 'r', style: styles.right }, [
      h(Text, { key: 'o', style: styles.value }, plan.operator),
      h(Text, { key: 's', style: styles.subtitle }, `Statut : ${plan.status}`),
    ]),
  ]);
  const flight = box('flight', 'Vol', [
    line('b', 'Ballon', plan.balloon ? balloonName(plan.balloon) : '—'),
    line('v', 'Volume', unit(plan.balloon?.volume, 'm³')),
    line('p', 'Pilote', plan.pilot ?? '—'),
    line('e', 'Équipiers', plan.teammates.join(', ') || '—'),
    line('t', 'Type de vol', plan.flightType ?? '—'),
    line('a', 'Altitude décollage / max', `${unit(plan.takeoffAltitude, 'm')} / ${unit(plan.maxAltitude, 'm')}`),
    line('c', 'Température au sol', unit(plan.takeoffTemperature, '°C')),
  ]);
  const masses = box('masses', 'Masses', [
    line('p', 'Pilote et sac', kg(m?.pilot)),
    line(
      'ps',
      `Passagers (déclarés + ${m?.passengers_count ?? 0} × ${kg(m?.allowance.per_passenger)} d'allocation)`,
      kg(m?.passengers),
    ),
    line('b', 'Enveloppe, nacelle, brûleur (à vide)', kg(m?.balloon)),
    line('g', 'Gaz', kg(m?.gas)),
    h(View, { key: 'tot', style: styles.total }, [
      h(Text, { key: 'l', style: styles.value }, 'Masse totale'),
      h(Text, { key: 'v', style: styles.value }, kg(m?.total)),
    ]),
    line('mx', 'Masse max. au décollage (calculée)', kg(m?.max_takeoff_mass)),
    line('c', 'Masse max. certifiée du ballon', kg(m?.balloon_takeoff_max_mass)),
    line('mg', 'Marge', kg(m?.margin), m?.margin !== null && m?.margin !== undefined && m.margin < 0 ? RED : undefined),
    m && m.passengers_without_weight > 0
      ? h(
          Text,
          { key: 'w', style: { color: RED, marginTop: 3 } },
          `${m.passengers_without_weight} passager(s) sans poids : total sous-estimé.`,
        )
      : null,
  ]);
  const fuelCheck = m?.fuel ?? null;
  const fuel = box('fuel', 'Carburant et calcul', [
    line('c', 'Consommation', unit(fuelCheck?.consumption, 'kg/h')),
    line('d', 'Vol prévu', minutes(fuelCheck?.planned_minutes)),
    line(
      'r',
      `Réserve${fuelCheck?.cylinders === 1 ? ' (une bouteille)' : ''}`,
      fuelCheck ? minutes(fuelCheck.reserve_minutes) : '—',
    ),
    line('f', 'Gaz nécessaire', kg(m?.fuel_needed)),
    line(
      'l',
      'Gaz embarqué',
      kg(plan.fuelLoaded),
      fuelCheck?.is_ok === true ? GREEN : fuelCheck?.is_ok === false ? RED : undefined,
    ),
    line('o', "Température à l'altitude max.", unit(m?.outside_temperature, '°C')),
    line('pr', "Pression à l'altitude max.", unit(m?.pressure, 'hPa')),
  ]);
  const checks = checksSection(plan);
  const manifest = h(View, { key: 'manifest', style: styles.table }, [
    h(View, { key: 'th', style: styles.th }, [
      h(Text, { key: 'n', style: [styles.cNum, styles.value] }, '#'),
      h(Text, { key: 'm', style: [styles.cName, styles.value] }, 'Passager'),
      h(Text, { key: 't', style: [styles.cTicket, styles.value] }, 'Billet'),
      h(Text, { key: 'b', style: [styles.cBooking, styles.value] }, 'Réservation'),
      h(Text, { key: 'q', style: [styles.cType, styles.value] }, 'Qualité'),
      h(Text, { key: 'w', style: [styles.cWeight, styles.value] }, 'Poids'),
      h(Text, { key: 'c', style: [styles.cCheck, styles.value] }, 'Présent'),
    ]),
    ...plan.passengers.map((p, i) =>
      h(View, { key: i, style: styles.tr, wrap: false }, [
        h(Text, { key: 'n', style: styles.cNum }, String(i + 1)),
        h(Text, { key: 'm', style: styles.cName }, p.name),
        h(Text, { key: 't', style: styles.cTicket }, p.ticketNumber ?? '—'),
        h(Text, { key: 'b', style: styles.cBooking }, p.bookingNumber),
        h(Text, { key: 'q', style: styles.cType }, p.type ?? '—'),
        h(Text, { key: 'w', style: styles.cWeight }, kg(p.weight)),
        h(View, { key: 'c', style: styles.cCheck }, [h(View, { key: 'box', style: styles.checkbox })]),
      ]),
    ),
    plan.passengers.length === 0
      ? h(View, { key: 'none', style: styles.tr }, [h(Text, { key: 'n' }, 'Aucun passager inscrit.')])
      : null,
  ]);
  // A time recorded after the flight is printed in its box; without one the box stays blank for the pen.
  const recorded = (value: string | null) =>
    value ? h(Text, { key: 'v', style: styles.recorded }, value.slice(0, 5)) : null;
  const signatures = h(View, { key: 'sig', style: styles.signatures, wrap: false }, [
    h(View, { key: 'p', style: styles.signature }, [h(Text, { key: 't', style: styles.label }, 'Signature du pilote')]),
    h(View, { key: 'd', style: styles.signature }, [
      h(Text, { key: 't', style: styles.label }, 'Décollage (heure)'),
      recorded(plan.takeoffTime),
    ]),
    h(View, { key: 'a', style: styles.signature }, [
      h(Text, { key: 't', style: styles.label }, 'Atterrissage (heure, lieu)'),
      recorded(plan.landingTime),
      plan.landingPlace ? h(Text, { key: 'p' }, plan.landingPlace) : null,
    ]),
  ]);
  const notes =
    plan.notes.length > 0
      ? h(View, { key: 'notes', style: styles.notes }, [
          h(Text, { key: '_title', style: styles.boxTitle }, 'Remarques'),
          ...plan.notes.map((note, i) => h(Text, { key: i, style: styles.note }, note)),
        ])
      : null;
  return h(Document, { title: `Plan de vol ${plan.date} ${time}`, author: plan.operator }, [
    h(Page, { key: 'p', size: 'A4', style: styles.page }, [
      head,
      h(View, { key: 'g1', style: styles.grid }, [flight, masses]),
      h(View, { key: 'g2', style: styles.grid }, [fuel, checks]),
      h(
        Text,
        { key: 'mt', style: [styles.boxTitle, { marginTop: 12 }] },
        `Manifeste passagers (${plan.passengers.length})`,
      ),
      manifest,
      signatures,
      notes,
      h(
        Text,
        { key: 'f', style: styles.footer, fixed: true },
        `${plan.operator} · plan édité le ${new Date().toLocaleDateString('fr-FR')}`,
      ),
    ]),
    record ? recordPage(plan, record) : null,
  ]);
}

/** Everything the plan shows, in a few queries; null when there is no such flight. */
export async function loadFlightPlan(db: Kysely<DB>, flightId: number): Promise<FlightPlan | null> {
  const flight = await db
    .selectFrom('flights as f')
    .innerJoin('flight_statuses as s', 's.id', 'f.flight_status_id')
    .leftJoin('locations as l', 'l.id', 'f.location_id')
    .leftJoin('balloons as b', 'b.id', 'f.balloon_id')
    .leftJoin('pilots as p', 'p.id', 'f.pilot_id')
    .leftJoin('flight_types as t', 't.id', 'f.flight_type_id')
    .select([
      'f.scheduled_date',
      'f.scheduled_time',
      'f.takeoff_temperature',
      'f.flight_max_altitude',
      'f.takeoff_time',
      'f.landing_time',
      'f.landing_place',
      'f.fuel_loaded',
      's.label as status',
      'l.label as location',
      'l.takeoff_altitude',
      'l.flight_max_altitude as location_max_altitude',
      'f.balloon_id',
      'b.label as balloon',
      'b.registration_number',
      'b.volume',
      'b.passengers as seats',
      'p.first_name as pilot_first',
      'p.last_name as pilot_last',
      't.label as flight_type',
    ])
    .where('f.id', '=', flightId)
    .executeTakeFirst();
  if (!flight) return null;
  const [teammates, passengers, inputs, company, notes, compliance] = await Promise.all([
    db
      .selectFrom('flight_teammates as ft')
      .innerJoin('teammates as t', 't.id', 'ft.teammate_id')
      .select(['t.first_name', 't.last_name'])
      .where('ft.flight_id', '=', flightId)
      .orderBy('t.last_name')
      .execute(),
    db
      .selectFrom('registrations as r')
      .innerJoin('passengers as p', 'p.id', 'r.passenger_id')
      .innerJoin('bookings as b', 'b.id', 'p.booking_id')
      .leftJoin('passenger_types as t', 't.id', 'p.passenger_type_id')
      .select(['p.first_name', 'p.last_name', 'p.ticket_number', 'p.weight', 'b.number', 't.label as type'])
      .where('r.flight_id', '=', flightId)
      .orderBy('b.number')
      .orderBy('p.is_referent', 'desc')
      .orderBy('p.id')
      .execute(),
    loadFlightMassInputs(db, [flightId]),
    db.selectFrom('settings').select('value').where('key', '=', 'company_name').executeTakeFirst(),
    db
      .selectFrom('flight_notes')
      .select('content')
      .where('flight_id', '=', flightId)
      .orderBy('is_pinned', 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    loadFlightCompliance(db, [flightId]),
  ]);
  const input = inputs.get(flightId);
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
  return {
    operator: company?.value?.trim() || 'Montgolfière',
    date: flight.scheduled_date,
    time: flight.scheduled_time,
    status: flight.status,
    location: flight.location ?? null,
    takeoffAltitude: flight.takeoff_altitude ?? null,
    maxAltitude: flight.flight_max_altitude ?? flight.location_max_altitude ?? null,
    takeoffTemperature: flight.takeoff_temperature,
    takeoffTime: flight.takeoff_time,
    landingTime: flight.landing_time,
    notes: notes.map((n) => n.content),
    flightType: flight.flight_type ?? null,
    balloon:
      flight.balloon_id === null
        ? null
        : {
            label: flight.balloon ?? '',
            registration: flight.registration_number ?? null,
            volume: flight.volume ?? null,
            seats: flight.seats ?? null,
          },
    pilot: flight.pilot_first || flight.pilot_last ? name(flight.pilot_first ?? null, flight.pilot_last ?? null) : null,
    teammates: teammates.map((t) => name(t.first_name, t.last_name)),
    masses: input ? computeFlightMasses(input) : null,
    compliance: compliance.get(flightId) ?? null,
    landingPlace: flight.landing_place ?? null,
    fuelLoaded: flight.fuel_loaded ?? null,
    passengers: passengers.map((p) => ({
      name: name(p.first_name, p.last_name) || 'Passager',
      ticketNumber: p.ticket_number,
      bookingNumber: p.number,
      type: p.type ?? null,
      weight: p.weight === null ? null : Number(p.weight),
    })),
  };
}

export async function renderFlightPlanPdf(
  db: Kysely<DB>,
  flightId: number,
  record?: RecordPage,
): Promise<Buffer | null> {
  const plan = await loadFlightPlan(db, flightId);
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf types its root as a DocumentProps element
  return plan ? renderToBuffer(planDocument(plan, record) as any) : null;
}
