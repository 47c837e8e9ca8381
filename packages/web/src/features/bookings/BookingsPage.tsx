import {
  BOOKING_ORIGINS_PATH,
  BOOKING_STATUSES,
  BUSINESS_PROVIDERS_PATH,
  LOCATIONS_PATH,
  PAYMENT_METHODS_PATH,
  PRESTATIONS_PATH,
} from '@app/domain';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconPlus, IconScale, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type DataColumn, DataList, EmptyValue, StatusTag } from '../../components';
import { lazyDialog } from '../../components/LazyDialog/lazy-dialog';
import { formatAmount, formatDate } from '../../lib/format';
import type { FilterDefinition } from '../../lib/list-state';
import { pathTo } from '../../lib/routes';
import { expiringSoonFilters, ValidityTag } from './BookingValidity';
import { type Booking, customerName } from './booking-model';
import { bookingsList } from './bookings-list-query';
import { CUSTOMER_CSV_COLUMNS } from './customer-fields';
import { bookingPrestation } from './PrestationToSpecify';
import { ShopImportButton } from './ShopImport';
import { useBookingListStatus } from './useBookingListStatus';

const NewBookingDialog = lazyDialog(() =>
  import('./dialogs/NewBookingDialog').then((module) => module.NewBookingDialog),
);

// bookings/{status}: one list per booking status, with the columns, filters and search a seller needs
// (3 characters, 200 ms, '#' looks a booking number up).

/** 'Reports météo' filter: at least this many postponements. */
const WEATHER_POSTPONEMENT_OPTIONS = [1, 2, 3, 4, 5, 7].map((n) => ({
  value: String(n),
  label: n === 1 ? 'Au moins 1 report' : `Au moins ${n} reports`,
}));

const FILTERS: FilterDefinition[] = [
  {
    id: 'location_id',
    label: 'Lieu de vol',
    type: 'select',
    loader: { endpoint: LOCATIONS_PATH, labelField: 'label' },
  },
  {
    id: 'prestation_id',
    label: 'Prestation',
    type: 'select',
    loader: { endpoint: PRESTATIONS_PATH, labelField: 'label' },
  },
  {
    id: 'booking_origin_id',
    label: 'Origine',
    type: 'select',
    loader: { endpoint: BOOKING_ORIGINS_PATH, labelField: 'label' },
  },
  {
    id: 'business_provider_id',
    label: 'Apporteur',
    type: 'select',
    loader: { endpoint: BUSINESS_PROVIDERS_PATH, labelField: 'label' },
  },
  {
    id: 'payment_method_id',
    label: 'Moyen de paiement',
    type: 'select',
    loader: { endpoint: PAYMENT_METHODS_PATH, labelField: 'label' },
  },
  { id: 'requested_dates', label: 'Date souhaitée', type: 'dateRange', field: 'requested_dates.date' },
  { id: 'booked_at', label: "Date d'achat", type: 'dateRange' },
  { id: 'has_pre_flight_infos', label: 'Infos pré-vol envoyées', type: 'switch' },
  // Issue 27: imported bookings whose product matched no prestation.
  { id: 'prestation_to_specify', label: 'Prestation à préciser', type: 'switch' },
  // Issue 12: open vouchers whose validity ends within 30 days.
  {
    id: 'expiring_soon',
    label: 'Expire bientôt',
    type: 'switch',
    toFilters: (value) => (value ? expiringSoonFilters() : []),
  },
  { id: 'validity_date', label: 'Date de validité', type: 'dateRange' },
  // Issue 29: bookings the weather kept grounded N times or more, and those the refund rule raised.
  {
    id: 'weather_postponements',
    label: 'Reports météo',
    type: 'select',
    options: WEATHER_POSTPONEMENT_OPTIONS,
    toFilters: (value) =>
      typeof value === 'string' && value !== '' ? [{ field: 'weather_postponements', op: '>=', value }] : [],
  },
  { id: 'refund_to_offer', label: 'Remboursement à proposer', type: 'switch' },
];

/** The completeness badges of a booking (has_pre_flight_infos, has_all_infos, has_total_weight). */
export function BookingBadges({ booking }: { booking: Booking }) {
  return (
    // As wide as its widest tag: in the bookings table at 1440 px the column was squeezed to 'P.' and '1.'.
    <Stack gap={4} align="flex-start" miw="max-content">
      <Tooltip
        label={
          booking.has_pre_flight_infos === 1 ? 'Informations pré-vol envoyées' : 'Informations pré-vol non envoyées'
        }
      >
        <StatusTag
          size="small"
          color={booking.has_pre_flight_infos === 1 ? 'success' : 'disabled'}
          icon={IconInfoCircle}
        >
          Pré-vol
        </StatusTag>
      </Tooltip>
      {booking.has_all_infos !== 1 && (
        <Tooltip label="Passagers manquants ou sans nom, ou poids inconnus">
          <StatusTag size="small" color="warning" icon={IconAlertTriangle}>
            Incomplet
          </StatusTag>
        </Tooltip>
      )}
      {booking.has_total_weight === 1 && (
        <StatusTag size="small" color="primary" icon={IconScale}>
          {`${booking.total_weight} kg`}
        </StatusTag>
      )}
    </Stack>
  );
}

const COLUMNS: DataColumn<Booking>[] = [
  {
    label: 'Numéro',
    sortField: 'number',
    csv: [
      ['Numéro', 'number'],
      ['N° alternatif', 'number_alt'],
    ],
    render: (b) => (
      <Stack gap={0}>
        <Text inherit fw={600} style={{ whiteSpace: 'nowrap' }}>
          {b.number}
        </Text>
        {b.number_alt && (
          <Text size="xs" c="dimmed">
            {b.number_alt}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    label: 'Passager référent',
    csv: [
      ['Passager référent', 'referent_passenger.full_name'],
      ['Département', 'referent_passenger.department'],
    ],
    render: (b) =>
      b.referent_passenger ? (
        <Stack gap={0}>
          <Text inherit>{b.referent_passenger.full_name}</Text>
          {b.referent_passenger.department && (
            <Text size="xs" c="dimmed">
              {`Dépt ${b.referent_passenger.department}`}
            </Text>
          )}
        </Stack>
      ) : (
        <EmptyValue />
      ),
  },
  {
    label: 'Client',
    key: 'customer',
    csv: [['Client', 'customer.full_name'], ...CUSTOMER_CSV_COLUMNS],
    render: (b) => customerName(b.customer) || <EmptyValue />,
  },
  {
    label: 'Passagers',
    align: 'right',
    sortField: 'passengers_number',
    // Inline, and no alignment of its own: right in the table's cell, left under its label in a card (tablet).
    render: (b) => (
      <Group gap={4} wrap="nowrap" display="inline-flex">
        <IconUsers size={14} aria-hidden />
        {b.passengers_number}
      </Group>
    ),
  },
  {
    label: 'Dates souhaitées',
    key: 'requested_dates',
    csv: 'requested_dates.date',
    render: (b) => (b.requested_dates ?? []).map((d) => formatDate(d.date)).join(', ') || <EmptyValue />,
  },
  { label: 'Lieu', field: 'location.label', sortField: 'location.label' },
  {
    // Issue 27: an imported booking whose product matched no prestation says so here.
    label: 'Prestation',
    key: 'prestation',
    sortField: 'prestation.label',
    csv: 'prestation.label',
    render: (b) => bookingPrestation(b) ?? <EmptyValue />,
  },
  {
    // Issue 12: the voucher's validity under its purchase date (one column: the table is already wide at 1440 px).
    label: 'Achat / validité',
    key: 'booked_at',
    sortField: 'booked_at',
    csv: [
      ["Date d'achat", 'booked_at'],
      ['Date de validité', 'validity_date'],
    ],
    render: (b) => (
      <Stack gap={2} align="flex-start">
        <Text inherit style={{ whiteSpace: 'nowrap' }}>
          {formatDate(b.booked_at) || <EmptyValue />}
        </Text>
        {b.validity_date && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} title="Date de validité">
            {`→ ${formatDate(b.validity_date)}`}
          </Text>
        )}
        <ValidityTag booking={b} />
      </Stack>
    ),
  },
  {
    // Issue 29: the flights its passengers were postponed from for the weather.
    label: 'Reports météo',
    key: 'weather_postponements',
    sortField: 'weather_postponements',
    csv: [
      ['Reports météo', 'weather_postponements'],
      ['Remboursement à proposer', 'refund_to_offer'],
    ],
    align: 'right',
    render: (b) =>
      (b.weather_postponements ?? 0) > 0 ? (
        <Stack gap={2} align="flex-end">
          <Text inherit>{b.weather_postponements}</Text>
          {b.refund_to_offer === 1 && (
            <StatusTag size="small" color="warning">
              À rembourser
            </StatusTag>
          )}
        </Stack>
      ) : (
        <EmptyValue />
      ),
  },
  {
    label: 'Montants',
    key: 'amounts',
    csv: [
      ['Total', 'total_amount'],
      ['Payé', 'paid_amount'],
      ['Reste à payer', 'remaining_amount'],
    ],
    align: 'right',
    sortField: 'remaining_amount',
    render: (b) => (
      <Stack gap={0}>
        <Text inherit>{formatAmount(b.total_amount) || <EmptyValue />}</Text>
        {(b.remaining_amount ?? 0) > 0 && (
          <Text size="xs" c="red">
            {`Reste ${formatAmount(b.remaining_amount)}`}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    label: 'Suivi',
    key: 'badges',
    csv: [
      ['Infos pré-vol envoyées', 'has_pre_flight_infos'],
      ['Informations complètes', 'has_all_infos'],
      ['Poids total', 'total_weight'],
    ],
    render: (b) => <BookingBadges booking={b} />,
  },
];

export default function BookingsPage() {
  const slug = useBookingListStatus() ?? BOOKING_STATUSES.pending.slug;
  const status = Object.values(BOOKING_STATUSES).find((s) => s.slug === slug) ?? BOOKING_STATUSES.pending;
  const [newBooking, setNewBooking] = useState({ opened: false, key: 0 });
  // The same object while the status stays: the list's query is kept by identity.
  const list = useMemo(() => bookingsList(status.slug), [status.slug]);

  return (
    <>
      <DataList<Booking>
        // One list state per status: filters and pages of 'En attente' do not leak into 'Terminées'.
        key={status.slug}
        label={`Réservations ${status.labelPlural.toLowerCase()}`}
        {...list}
        filters={FILTERS}
        columns={COLUMNS}
        isSearchable
        searchPlaceholder="N°, nom ou #N°"
        getRowHref={(b) => pathTo('single-booking', { bookingId: b.id })}
        toolbar={
          <Group gap="xs">
            {status.id === BOOKING_STATUSES.pending.id && <ShopImportButton />}
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setNewBooking((current) => ({ opened: true, key: current.key + 1 }))}
            >
              Nouvelle réservation
            </Button>
          </Group>
        }
      />
      <NewBookingDialog
        key={newBooking.key}
        opened={newBooking.opened}
        onClose={() => setNewBooking((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
