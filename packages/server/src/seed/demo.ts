import {
  addDays,
  addMonths,
  BOOKING_STATUSES,
  CUSTOMER_TYPES,
  DEFAULT_VALIDITY_MONTHS,
  FLIGHT_STATUSES,
} from '@app/domain';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { minutesBefore } from '../services/flight-compliance.js';
import { createRandom, FIRST_NAMES, LAST_NAMES, type Random } from './random.js';

// A realistic French season for demonstrations (`npm run seed:demo`): reference data, 300 bookings in every
// status with customers and passengers, 120 flights over the past 8 and coming 6 weeks. Deterministic: the same
// seed and the same "today" give the same rows. Dates are relative to today so the planning always looks alive.

export type DemoSeedOptions = { today: string; seed?: number; bookings?: number; flights?: number };
export type DemoSeedSummary = Record<
  'balloons' | 'pilots' | 'teammates' | 'locations' | 'bookings' | 'passengers' | 'flights' | 'registrations',
  number
>;

const CHILD_FIRST_NAMES = ['Lou', 'Léo', 'Jade', 'Noah', 'Rose', 'Gabin', 'Zélie', 'Timéo', 'Maëlle', 'Côme'] as const;
/** Where passengers come from: mostly Burgundy and neighbours, some from far away. */
export const DEPARTMENTS = ['21', '21', '21', '71', '71', '89', '58', '39', '25', '69', '75', '92', '13', '67', '2A'];
const TOWNS = [
  ['21200', 'Beaune'],
  ['21000', 'Dijon'],
  ['71100', 'Chalon-sur-Saône'],
  ['89000', 'Auxerre'],
  ['69003', 'Lyon'],
  ['75011', 'Paris'],
  ['25000', 'Besançon'],
  ['39100', 'Dole'],
  ['58000', 'Nevers'],
  ['13008', 'Marseille'],
] as const;
const STREETS = [
  'rue de la République',
  'avenue Charles-de-Gaulle',
  'rue des Tonneliers',
  'place Carnot',
  'chemin des Vignes',
  'rue du Château',
  'boulevard Saint-Jacques',
  'impasse des Lilas',
] as const;
const BOOKING_NOTES = [
  'Client rappelé : préfère les vols du matin.',
  'Anniversaire de mariage, prévoir une bouteille de crémant à l’atterrissage.',
  'Une passagère a le vertige, la rassurer au briefing.',
  'Bon cadeau offert par les enfants, à utiliser avant la fin de la saison.',
  'Demande un vol au-dessus des Hospices de Beaune si le vent le permet.',
  'Personne à mobilité réduite : prévoir la nacelle avec porte.',
  'Paiement du solde prévu le jour du vol.',
  'A déjà reporté deux fois pour météo, à prioriser.',
] as const;
const FLIGHT_NOTES = [
  'Prévoir deux bouteilles de gaz supplémentaires.',
  'Vent du nord annoncé, décollage possible depuis le terrain de repli.',
  'Photographe à bord pour le magazine régional.',
  'Rendez-vous des passagers à 6 h 00 au parking de la salle des fêtes.',
  'Vérifier le brûleur n° 2 avant le gonflage.',
  'Pot de l’amitié offert par la mairie à l’atterrissage.',
] as const;

const ids = async <T extends keyof DB>(trx: Transaction<DB>, table: T, rows: Insertable<DB[T]>[]) => {
  const out: number[] = [];
  // One row at a time: a few hundred rows, and the ids come back without relying on multi-row RETURNING order.
  for (const row of rows) {
    // biome-ignore lint/suspicious/noExplicitAny: generic over the table; each call site passes typed rows
    const inserted = await (trx as Kysely<any>).insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
    out.push(inserted.id as number);
  }
  return out;
};

/** The demo fleet's hours before the product and the days since each balloon's annual inspection, in balloon order. */
const FLEET_HOURS_BEFORE = [412.5, 186, 57.25];
const FLEET_INSPECTED_DAYS_AGO = [75, 130, 40];

const many = async <T extends keyof DB>(trx: Transaction<DB>, table: T, rows: Insertable<DB[T]>[]) => {
  for (let i = 0; i < rows.length; i += 200) {
    // biome-ignore lint/suspicious/noExplicitAny: generic over the table; each call site passes typed rows
    await (trx as Kysely<any>)
      .insertInto(table)
      .values(rows.slice(i, i + 200))
      .execute();
  }
};

const addMinutes = (time: string, minutes: number): string => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}:00`;
};
export const frenchPhone = (random: Random, mobile = true): string =>
  [
    `0${mobile ? random.pick([6, 7]) : random.pick([1, 2, 3, 4, 5])}`,
    ...Array.from({ length: 4 }, () => String(random.int(0, 99)).padStart(2, '0')),
  ].join(' ');
export const emailOf = (first: string, last: string, n: number): string =>
  `${first}.${last}${n}@exemple.fr`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/[^a-zA-Z0-9.@-]/g, '')
    .toLowerCase();

type DemoFlight = {
  id: number;
  date: string;
  time: string;
  balloon: number;
  capacity: number;
  status: number;
  used: number;
};

export async function seedDemo(db: Kysely<DB>, options: DemoSeedOptions): Promise<DemoSeedSummary> {
  const random = createRandom(options.seed ?? 20260614);
  const { today } = options;
  const bookingCount = options.bookings ?? 300;
  const flightCount = options.flights ?? 120;
  const now = new Date().toISOString();

  return db.transaction().execute(async (trx) => {
    // Reference data ------------------------------------------------------------------------------------------
    const ticketTemplates = await ids(trx, 'ticket_templates', [
      { label: 'Billet de vol', template_base: 'classic' },
      { label: 'Bon cadeau illustré', template_base: 'gift' },
    ]);
    const prestationRows = [
      { label: 'Vol classique', is_default: 1, ticket_template_id: ticketTemplates[0]!, price: 239 },
      { label: 'Vol privatif', is_default: 0, ticket_template_id: ticketTemplates[0]!, price: 590 },
      { label: 'Vol enfant', is_default: 0, ticket_template_id: ticketTemplates[0]!, price: 179 },
      { label: 'Bon cadeau', is_default: 0, ticket_template_id: ticketTemplates[1]!, price: 249 },
      {
        label: 'Vol découverte Hospices de Beaune',
        is_default: 0,
        ticket_template_id: ticketTemplates[0]!,
        price: 269,
      },
    ];
    const prestations = await ids(
      trx,
      'prestations',
      prestationRows.map(({ price: _price, ...p }) => p),
    );
    const flightTypes = await ids(trx, 'flight_types', [
      { label: 'Vol commercial', is_default: 1 },
      { label: 'Vol d’entraînement', is_default: 0 },
      { label: 'Vol de contrôle', is_default: 0 },
    ]);
    const origins = await ids(
      trx,
      'booking_origins',
      [
        'Site internet',
        'Téléphone',
        'Office de tourisme',
        'Bouche-à-oreille',
        'Salon du tourisme',
        'Boutique en ligne',
      ].map((label) => ({ label })),
    );
    const providers = await ids(
      trx,
      'business_providers',
      [
        'Office de tourisme de Beaune',
        'CSE Airbus Dijon',
        'Smartbox',
        'Wonderbox',
        'Hôtel Le Cep',
        'Camping des Cent Vignes',
      ].map((label) => ({ label })),
    );
    const paymentMethods = await ids(
      trx,
      'payment_methods',
      ['Carte bancaire', 'Chèque', 'Espèces', 'Virement', 'Chèques-Vacances ANCV', 'Bon cadeau'].map((label) => ({
        label,
      })),
    );
    const [adult, child, teen, senior] = await ids(
      trx,
      'passenger_types',
      ['Adulte', 'Enfant', 'Adolescent', 'Senior'].map((label) => ({ label })),
    );
    const locationRows = [
      { label: 'Beaune – Hospices', takeoff_altitude: 220, flight_max_altitude: 1200, is_default: 1 },
      { label: 'Chalon-sur-Saône – Saint-Marcel', takeoff_altitude: 180, flight_max_altitude: 1000, is_default: 0 },
      { label: 'Château de Savigny-lès-Beaune', takeoff_altitude: 240, flight_max_altitude: 1200, is_default: 0 },
      { label: 'Vézelay – Colline éternelle', takeoff_altitude: 290, flight_max_altitude: 1500, is_default: 0 },
      { label: 'Dijon – Lac Kir', takeoff_altitude: 245, flight_max_altitude: 900, is_default: 0 },
    ];
    const locations = await ids(
      trx,
      'locations',
      locationRows.map((l, i) => ({
        ...l,
        is_restrictive: i === 4 ? 1 : 0,
        risk_factors:
          i === 4 ? 'Zone urbaine et contrôle aérien de Dijon-Longvic : contacter la tour avant décollage.' : null,
      })),
    );
    const balloonRows = [
      {
        label: 'F-HBLM',
        registration_number: 'F-HBLM',
        type: 'Cameron Z-105',
        volume: 3000,
        passengers: 4,
        empty_mass: 265,
        gas_mass: 90,
        market_mass: 420,
        takeoff_max_mass: 1100,
        landing_min_mass: 450,
        hourly_consumption: 36,
        autonomy_time: 150,
        flying_time: 75,
        reserve_time: 30,
        is_default: 0,
      },
      {
        label: 'F-GVIN',
        registration_number: 'F-GVIN',
        type: 'Ultramagic M-120',
        volume: 3400,
        passengers: 5,
        empty_mass: 290,
        gas_mass: 105,
        market_mass: 480,
        takeoff_max_mass: 1250,
        landing_min_mass: 500,
        hourly_consumption: 40,
        autonomy_time: 150,
        flying_time: 75,
        reserve_time: 30,
        is_default: 1,
      },
      {
        label: 'F-HCRM',
        registration_number: 'F-HCRM',
        type: 'Lindstrand LBL-150A',
        volume: 4250,
        passengers: 6,
        empty_mass: 340,
        gas_mass: 120,
        market_mass: 560,
        takeoff_max_mass: 1500,
        landing_min_mass: 560,
        hourly_consumption: 48,
        autonomy_time: 140,
        flying_time: 70,
        reserve_time: 30,
        is_default: 0,
      },
    ];
    const balloons = await ids(
      trx,
      'balloons',
      // Hours flown before the product and the cylinders carried: the flight file's hours and fuel reserve.
      balloonRows.map((b, i) => ({
        ...b,
        envelope_temperature: 100,
        hours_before: FLEET_HOURS_BEFORE[i] ?? 0,
        cylinders: b.passengers > 4 ? 4 : 3,
      })),
    );
    const pilots = await ids(trx, 'pilots', [
      {
        first_name: 'Jérôme',
        last_name: 'Vasseur',
        weight: 82,
        bag_weight: 8,
        is_default: 1,
        phone: '06 71 22 48 90',
        email: 'jerome.vasseur@exemple.fr',
        licence_number: 'FRA.FCL.BPL.10482',
        licence_expires_on: addDays(today, 540),
        medical_expires_on: addDays(today, 290),
      },
      {
        first_name: 'Amélie',
        last_name: 'Lefèvre',
        weight: 61,
        bag_weight: 7,
        is_default: 0,
        phone: '06 45 18 77 02',
        email: 'amelie.lefevre@exemple.fr',
        licence_number: 'FRA.FCL.BPL.11937',
        licence_expires_on: addDays(today, 380),
        medical_expires_on: addDays(today, 160),
      },
      {
        first_name: 'Benoît',
        last_name: 'Ménétrier',
        weight: 88,
        bag_weight: 9,
        is_default: 0,
        phone: '07 82 10 33 54',
        email: 'benoit.menetrier@exemple.fr',
        licence_number: 'FRA.FCL.BPL.09215',
        licence_expires_on: addDays(today, 700),
        medical_expires_on: addDays(today, 420),
      },
      {
        first_name: 'Gaëlle',
        last_name: 'Thévenot',
        weight: 66,
        bag_weight: 7,
        is_default: 0,
        phone: '06 09 56 41 28',
        email: 'gaelle.thevenot@exemple.fr',
        licence_number: 'FRA.FCL.BPL.12604',
        licence_expires_on: addDays(today, 455),
        // Her medical renewal is due within the week: the flight file warns on her flights after it.
        medical_expires_on: addDays(today, 5),
      },
    ]);
    const teammates = await ids(
      trx,
      'teammates',
      [
        ['Loïc', 'Bourgeois'],
        ['Inès', 'Garnier'],
        ['Théo', 'Chauvin'],
        ['Maëlys', 'Perrot'],
        ['Rémi', 'Écuyer'],
        ['Sébastien', 'Noël'],
      ].map(([first_name, last_name], i) => ({
        first_name: first_name!,
        last_name: last_name!,
        phone: frenchPhone(random),
        email: emailOf(first_name!, last_name!, i),
      })),
    );
    await many(trx, 'events', [
      {
        scheduled_date: addDays(today, 1),
        scheduled_time: '12:00:00',
        title: 'Réunion d’équipe',
        description: 'Point sur la saison et le planning des week-ends.',
      },
      {
        scheduled_date: addDays(today, 9),
        scheduled_time: '09:00:00',
        title: 'Visite annuelle F-HBLM',
        description: 'Atelier de maintenance à Chalon, ballon indisponible la journée.',
      },
      {
        scheduled_date: addDays(today, -12),
        scheduled_time: '14:00:00',
        title: 'Salon du tourisme de Dijon',
        description: null,
      },
      {
        scheduled_date: addDays(today, 3),
        scheduled_time: '17:30:00',
        title: 'Livraison de propane',
        description: 'Camion attendu au hangar de Beaune.',
      },
    ]);

    // Flights: past 8 weeks and coming 6 weeks, mornings and evenings -------------------------------------------
    const slots = new Set<string>();
    const planned: Omit<DemoFlight, 'id' | 'used'>[] = [];
    while (planned.length < flightCount) {
      const offset = random.int(-56, 42);
      const isMorning = random.chance(0.6);
      const time = isMorning
        ? random.pick(['06:15:00', '06:30:00', '07:00:00'])
        : random.pick(['18:30:00', '19:00:00', '19:30:00']);
      const b = random.int(0, balloons.length - 1);
      const key = `${offset}:${isMorning}:${b}`;
      if (slots.has(key)) continue;
      slots.add(key);
      const date = addDays(today, offset);
      const status =
        offset >= 0
          ? FLIGHT_STATUSES.planned.id
          : random.weighted([
              [FLIGHT_STATUSES.realized.id, 70],
              [FLIGHT_STATUSES.weatherPostponed.id, 20],
              [FLIGHT_STATUSES.canceled.id, 10],
            ] as const);
      planned.push({ date, time, balloon: b, capacity: balloonRows[b]!.passengers, status });
    }
    planned.sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
    const flights: DemoFlight[] = [];
    const flightTeammates: { flight_id: number; teammate_id: number }[] = [];
    const flightNotes: Insertable<DB['flight_notes']>[] = [];
    for (const f of planned) {
      const l = random.int(0, locations.length - 1);
      const isRealized = f.status === FLIGHT_STATUSES.realized.id;
      const isMorning = f.time < '12:00:00';
      const [id] = await ids(trx, 'flights', [
        {
          scheduled_date: f.date,
          scheduled_time: f.time,
          is_public: random.chance(0.3) ? 1 : 0,
          takeoff_temperature: isMorning ? random.int(8, 16) : random.int(18, 28),
          flight_max_altitude: locationRows[l]!.flight_max_altitude,
          flight_type_id: random.chance(0.9) ? flightTypes[0]! : random.pick(flightTypes.slice(1)),
          location_id: locations[l]!,
          prestation_id: random.chance(0.8) ? prestations[0]! : random.pick(prestations),
          balloon_id: balloons[f.balloon]!,
          pilot_id: random.pick(pilots),
          takeoff_time: isRealized ? addMinutes(f.time, 20) : null,
          landing_time: isRealized ? addMinutes(f.time, 20 + random.int(55, 80)) : null,
          flight_status_id: f.status,
          created_at: now,
          updated_at: now,
        },
      ]);
      flights.push({ ...f, id: id!, used: 0 });
      for (const teammate of random.sample(teammates, random.int(1, 2))) {
        flightTeammates.push({ flight_id: id!, teammate_id: teammate });
      }
      if (random.chance(0.3)) {
        flightNotes.push({ flight_id: id!, content: random.pick(FLIGHT_NOTES), is_pinned: random.chance(0.4) ? 1 : 0 });
      }
    }
    await many(trx, 'flight_teammates', flightTeammates);
    await many(trx, 'flight_notes', flightNotes);

    // Bookings ----------------------------------------------------------------------------------------------------
    const statusPlan = [
      ...Array<number>(Math.round(bookingCount * 0.3)).fill(BOOKING_STATUSES.pending.id),
      ...Array<number>(Math.round(bookingCount * 0.2)).fill(BOOKING_STATUSES.inProgress.id),
      ...Array<number>(Math.round(bookingCount * 0.34)).fill(BOOKING_STATUSES.completed.id),
      ...Array<number>(Math.round(bookingCount * 0.08)).fill(BOOKING_STATUSES.canceled.id),
    ];
    while (statusPlan.length < bookingCount) statusPlan.push(BOOKING_STATUSES.expired.id);
    const drafts = random.sample(statusPlan, statusPlan.length).map((status) => {
      const bookedOffset =
        status === BOOKING_STATUSES.expired.id
          ? random.int(-760, -400)
          : status === BOOKING_STATUSES.completed.id
            ? random.int(-300, -60)
            : random.int(-200, -2);
      // About one open voucher in twelve was sold eleven months ago and runs out within five weeks (issue 12:
      // the dashboard and the lists show what expires soon). Derived from the draw, not a new one, so the rest
      // of the demo stays as it was.
      const isOpen = status === BOOKING_STATUSES.pending.id || status === BOOKING_STATUSES.inProgress.id;
      const offset = isOpen && bookedOffset % 12 === 0 ? -330 - ((-bookedOffset / 12) % 25) : bookedOffset;
      return { status, booked_at: addDays(today, offset) };
    });
    // Numbers follow the order of purchase within each year (YYYY-NNNNN).
    drafts.sort((a, b) => a.booked_at.localeCompare(b.booked_at));
    const sequences = new Map<string, number>();
    const registrations: { flight_id: number; passenger_id: number; created_at: string }[] = [];
    const postponedOn: { flight: DemoFlight; passenger_id: number }[] = [];
    const requestedDates: { booking_id: number; date: string }[] = [];
    const bookingNotes: Insertable<DB['booking_notes']>[] = [];
    const bookingSchedules: { booking_id: number; flight_schedule_id: number }[] = [];
    const bookingIds: number[] = [];
    const pendingIds: number[] = [];
    let passengerCount = 0;
    const pastRealized = flights.filter((f) => f.status === FLIGHT_STATUSES.realized.id);
    const pastPostponed = flights.filter((f) => f.status === FLIGHT_STATUSES.weatherPostponed.id);
    const upcoming = flights.filter((f) => f.status === FLIGHT_STATUSES.planned.id);
    const findSeat = (list: DemoFlight[], seats: number) => {
      const candidates = list.filter((f) => f.capacity - f.used >= seats);
      return candidates.length ? random.pick(candidates) : null;
    };

    for (const [index, draft] of drafts.entries()) {
      const year = draft.booked_at.slice(0, 4);
      const sequence = (sequences.get(year) ?? 0) + 1;
      sequences.set(year, sequence);
      const number = `${year}-${String(sequence).padStart(5, '0')}`;
      const passengersNumber = random.weighted([
        [1, 10],
        [2, 50],
        [3, 15],
        [4, 15],
        [5, 6],
        [6, 4],
      ] as const);
      const lastName = random.pick(LAST_NAMES);
      const firstName = random.pick(FIRST_NAMES);
      const customerType = random.weighted([
        [CUSTOMER_TYPES.individual.id, 70],
        [CUSTOMER_TYPES.professional.id, 20],
        [CUSTOMER_TYPES.association.id, 10],
      ] as const);
      const [zip, town] = random.pick(TOWNS);
      const isIndividual = customerType === CUSTOMER_TYPES.individual.id;
      const [customer] = await ids(trx, 'customers', [
        {
          customer_type_id: customerType,
          first_name: firstName,
          last_name: lastName,
          company_name: isIndividual
            ? null
            : customerType === CUSTOMER_TYPES.association.id
              ? `Association ${random.pick(['Les Amis du Vieux Beaune', 'Comité des fêtes de Pommard', 'Club des aînés de Nuits', 'Les Randonneurs de l’Auxois'])}`
              : `${random.pick(['SARL', 'SAS', 'EURL'])} ${random.pick(['Domaine', 'Maison', 'Cave'])} ${lastName}`,
          email: emailOf(firstName, lastName, index),
          phone: frenchPhone(random),
          siret_number:
            customerType === CUSTOMER_TYPES.professional.id
              ? String(random.int(100_000_000, 999_999_999)) + String(random.int(10_000, 99_999))
              : null,
          vat_number:
            customerType === CUSTOMER_TYPES.professional.id
              ? `FR${random.int(10, 99)}${random.int(100_000_000, 999_999_999)}`
              : null,
          address: `${random.int(1, 120)} ${random.pick(STREETS)}`,
          additional_address: random.chance(0.1) ? 'Bâtiment B' : null,
          zip_code: zip,
          town,
          country: 'France',
          created_at: now,
          updated_at: now,
        },
      ]);
      const prestationIndex = random.weighted([
        [0, 60],
        [1, 8],
        [2, 7],
        [3, 20],
        [4, 5],
      ] as const);
      const total =
        prestationIndex === 1
          ? prestationRows[1]!.price * Math.max(2, passengersNumber)
          : prestationRows[prestationIndex]!.price * passengersNumber;
      const isClosed = draft.status === BOOKING_STATUSES.completed.id;
      const paid =
        isClosed || random.chance(0.6)
          ? total
          : draft.status === BOOKING_STATUSES.pending.id
            ? 0
            : Math.round(total * 0.3);
      const [bookingId] = await ids(trx, 'bookings', [
        {
          number,
          number_alt: random.chance(0.12) ? `WC-${String(4000 + index * 7).padStart(5, '0')}` : null,
          booked_at: draft.booked_at,
          validity_date: addMonths(draft.booked_at, DEFAULT_VALIDITY_MONTHS),
          passengers_number: passengersNumber,
          booking_status_id: draft.status,
          customer_id: customer!,
          has_pre_flight_infos: draft.status === BOOKING_STATUSES.inProgress.id && random.chance(0.6) ? 1 : 0,
          location_id: random.chance(0.85) ? locations[random.int(0, 3)]! : null,
          prestation_id: prestations[prestationIndex]!,
          booking_origin_id: random.pick(origins),
          business_provider_id: random.chance(0.25) ? random.pick(providers) : null,
          paid_amount: paid,
          total_amount: total,
          remaining_amount: total - paid,
          refundable: random.chance(0.2) ? 1 : 0,
          payment_method_id: paid > 0 ? random.pick(paymentMethods) : null,
          created_at: `${draft.booked_at}T10:00:00.000Z`,
          updated_at: now,
        },
      ]);
      bookingIds.push(bookingId!);
      if (draft.status === BOOKING_STATUSES.pending.id) pendingIds.push(bookingId!);

      // Pending bookings often lack some passenger details: the referent at least, sometimes not everyone.
      const knownPassengers =
        draft.status === BOOKING_STATUSES.pending.id && random.chance(0.3)
          ? random.int(1, passengersNumber)
          : passengersNumber;
      const passengerIds: number[] = [];
      for (let i = 0; i < knownPassengers; i += 1) {
        const isChild = i > 1 && random.chance(0.45);
        const age = isChild ? random.int(7, 15) : random.int(18, 79);
        const first = i === 0 ? firstName : isChild ? random.pick(CHILD_FIRST_NAMES) : random.pick(FIRST_NAMES);
        const last = i === 0 || random.chance(0.7) ? lastName : random.pick(LAST_NAMES);
        const [passengerId] = await ids(trx, 'passengers', [
          {
            booking_id: bookingId!,
            ticket_number: `${number}-${String(i + 1).padStart(2, '0')}`,
            first_name: first,
            last_name: last,
            is_referent: i === 0 ? 1 : 0,
            email: i === 0 ? emailOf(first, last, index) : null,
            phone: i === 0 || random.chance(0.2) ? frenchPhone(random) : null,
            department: random.pick(DEPARTMENTS),
            age,
            weight:
              draft.status === BOOKING_STATUSES.pending.id && random.chance(0.25)
                ? null
                : isChild
                  ? random.int(24, 48)
                  : random.int(52, 104),
            passenger_type_id: isChild ? (age >= 12 ? teen! : child!) : age >= 65 ? senior! : adult!,
            created_at: now,
            updated_at: now,
          },
        ]);
        passengerIds.push(passengerId!);
      }
      passengerCount += passengerIds.length;

      const register = (flight: DemoFlight | null) => {
        if (!flight) return;
        flight.used += passengerIds.length;
        for (const passenger_id of passengerIds)
          registrations.push({ flight_id: flight.id, passenger_id, created_at: now });
      };
      if (draft.status === BOOKING_STATUSES.completed.id) register(findSeat(pastRealized, passengerIds.length));
      if (draft.status === BOOKING_STATUSES.inProgress.id) {
        // Weather-postponed flights keep their manifest apart (flight_postponements), not as registrations.
        const postponed = random.chance(0.3) ? findSeat(pastPostponed, passengerIds.length) : null;
        if (postponed) {
          postponed.used += passengerIds.length;
          for (const passenger_id of passengerIds) postponedOn.push({ flight: postponed, passenger_id });
        }
        if (random.chance(0.65)) register(findSeat(upcoming, passengerIds.length));
      }
      if (draft.status === BOOKING_STATUSES.pending.id || draft.status === BOOKING_STATUSES.inProgress.id) {
        const dates = new Set<string>();
        const wanted = draft.status === BOOKING_STATUSES.pending.id ? random.int(1, 3) : random.int(0, 2);
        for (let i = 0; i < wanted; i += 1) {
          // Mostly days that already have flights, as customers pick them from the public planning.
          dates.add(
            random.chance(0.7) && upcoming.length ? random.pick(upcoming).date : addDays(today, random.int(1, 42)),
          );
        }
        for (const date of dates) requestedDates.push({ booking_id: bookingId!, date });
      }
      for (const scheduleId of random.weighted([
        [[1], 40],
        [[2], 25],
        [[1, 2], 35],
      ] as const)) {
        bookingSchedules.push({ booking_id: bookingId!, flight_schedule_id: scheduleId });
      }
      if (random.chance(0.35)) {
        bookingNotes.push({
          booking_id: bookingId!,
          content: random.pick(BOOKING_NOTES),
          created_at: `${addDays(draft.booked_at, random.int(0, 20))}T09:30:00.000Z`,
          updated_at: now,
        });
      }
    }
    await many(trx, 'registrations', registrations);
    for (const { flight, passenger_id } of postponedOn) {
      const passenger = await trx
        .selectFrom('passengers')
        .select(['booking_id', 'first_name', 'last_name', 'weight'])
        .where('id', '=', passenger_id)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('flight_postponements')
        .values({
          flight_id: flight.id,
          passenger_id,
          booking_id: passenger.booking_id,
          full_name: `${passenger.first_name ?? ''} ${passenger.last_name ?? ''}`.trim(),
          weight: passenger.weight,
          registered_at: now,
          previous_booking_status_id: BOOKING_STATUSES.inProgress.id,
          removed_requested_date: 0,
          postponed_at: `${flight.date}T06:00:00.000Z`,
        })
        .execute();
    }
    await many(trx, 'requested_dates', requestedDates);
    await many(trx, 'booking_notes', bookingNotes);
    await many(trx, 'booking_flight_schedules', bookingSchedules);
    // Families and groups booked separately, linked so staff put them on the same flight.
    const links = new Set<string>();
    for (let i = 0; i < Math.round(bookingCount / 25); i += 1) {
      const [a, b] = random.sample(bookingIds, 2) as [number, number];
      const key = a < b ? `${a}:${b}` : `${b}:${a}`;
      if (links.has(key)) continue;
      links.add(key);
      await many(trx, 'booking_links', [{ booking_id: a, linked_booking_id: b, created_at: now }]);
    }
    // Requests from the public planning widget, waiting for staff to accept or refuse.
    const requested = random.sample(pendingIds, Math.min(6, pendingIds.length));
    await many(
      trx,
      'registration_requests',
      requested.map((booking_id) => ({ booking_id, flight_id: random.pick(upcoming).id, created_at: now })),
    );

    // Each balloon's annual inspection this season and the one before, its hours then from the flights before it:
    // the flight file of a kept fleet, which warns only of what an operator would have to act on.
    for (const [i, balloonId] of balloons.entries()) {
      const inspectedOn = addDays(today, -(FLEET_INSPECTED_DAYS_AGO[i] ?? 60));
      const hoursBefore = FLEET_HOURS_BEFORE[i] ?? 0;
      const minutes = (await minutesBefore(trx, [balloonId], inspectedOn)).get(balloonId) ?? 0;
      const hours = Math.round((hoursBefore + minutes / 60) * 100) / 100;
      await many(trx, 'balloon_inspections', [
        {
          balloon_id: balloonId,
          inspected_on: addDays(inspectedOn, -365),
          kind: 'annual',
          hours: Math.max(0, hoursBefore - 40),
          inspector: 'Atelier Ballons Bourgogne',
        },
        {
          balloon_id: balloonId,
          inspected_on: inspectedOn,
          kind: 'annual',
          hours,
          inspector: 'Atelier Ballons Bourgogne',
        },
      ]);
      await trx
        .updateTable('balloons')
        .set({ last_inspection_on: inspectedOn, hours_at_last_inspection: hours })
        .where('id', '=', balloonId)
        .execute();
    }

    return {
      balloons: balloons.length,
      pilots: pilots.length,
      teammates: teammates.length,
      locations: locations.length,
      bookings: bookingIds.length,
      passengers: passengerCount,
      flights: flights.length,
      registrations: registrations.length,
    };
  });
}
