import { FLIGHT_STATUSES, type OrderItem } from '@app/domain';
import { Group, Text } from '@mantine/core';
import { pathTo } from '../../app/routes';
import { type DataColumn, DataList } from '../../components';
import type { FilterDefinition } from '../../lib/list-state';
import { formatDate, todayIso } from '../bookings/booking-model';
import {
  AvailabilityTag,
  FLIGHTS_ENDPOINT,
  type Flight,
  FlightStatusTag,
  PassengerCounter,
  WeightTag,
} from './flight-model';

// SPEC §2.1 flights: every flight with its status, place, balloon, pilot, passengers against capacity (§4.3), weight
// against market mass and seats left; filters, ordering remembered; upcoming flights first by default (the
// « À venir » switch is on when the list opens, and the order is by date then time).

const DEFAULT_ORDER: OrderItem[] = [
  { field: 'scheduled_date', direction: 'ASC' },
  { field: 'scheduled_time', direction: 'ASC' },
];

const FILTERS: FilterDefinition[] = [
  {
    id: 'upcoming',
    label: 'À venir',
    type: 'switch',
    toFilters: (value) => (value === 1 ? [{ field: 'scheduled_date', op: '>=', value: todayIso() }] : []),
  },
  {
    id: 'flight_status_id',
    label: 'Statut',
    type: 'select',
    options: Object.values(FLIGHT_STATUSES).map((status) => ({ value: String(status.id), label: status.label })),
  },
  { id: 'scheduled_date', label: 'Date', type: 'dateRange' },
  {
    id: 'location_id',
    label: 'Lieu de vol',
    type: 'select',
    loader: { endpoint: '/api/locations', labelField: 'label' },
  },
  { id: 'balloon_id', label: 'Ballon', type: 'select', loader: { endpoint: '/api/balloons', labelField: 'label' } },
  {
    id: 'pilot_id',
    label: 'Pilote',
    type: 'select',
    loader: {
      endpoint: '/api/pilots',
      labelField: 'full_name',
      order: [
        { field: 'last_name', direction: 'ASC' },
        { field: 'first_name', direction: 'ASC' },
      ],
    },
  },
  {
    id: 'flight_type_id',
    label: 'Type de vol',
    type: 'select',
    loader: { endpoint: '/api/flight-types', labelField: 'label' },
  },
];

const COLUMNS: DataColumn<Flight>[] = [
  {
    label: 'Date',
    key: 'date',
    sortField: 'scheduled_date',
    render: (f) => (
      <Text inherit fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatDate(f.scheduled_date)}
      </Text>
    ),
  },
  { label: 'Heure', key: 'time', sortField: 'scheduled_time', render: (f) => f.scheduled_time.slice(0, 5) },
  {
    label: 'Statut',
    key: 'status',
    sortField: 'flight_status_id',
    render: (f) => <FlightStatusTag statusId={f.flight_status_id} size="small" />,
  },
  { label: 'Lieu', field: 'location.label', sortField: 'location.label' },
  { label: 'Ballon', field: 'balloon.label', sortField: 'balloon.label' },
  { label: 'Pilote', field: 'pilot.full_name' },
  {
    label: 'Passagers',
    key: 'passengers',
    sortField: 'passengers_count',
    render: (f) => <PassengerCounter count={f.passengers_count} capacity={f.balloon?.passengers} />,
  },
  {
    label: 'Poids',
    key: 'weight',
    sortField: 'total_weight',
    render: (f) => <WeightTag weight={f.total_weight} marketMass={f.balloon?.market_mass} />,
  },
  {
    label: 'Places',
    key: 'availability',
    sortField: 'availability',
    render: (f) => (
      <Group gap={4}>
        <AvailabilityTag statusId={f.flight_status_id} availability={f.availability} />
      </Group>
    ),
  },
];

export default function FlightsPage() {
  return (
    <DataList<Flight>
      label="Vols"
      endpoint={FLIGHTS_ENDPOINT}
      storageKey="flights"
      defaultOrder={DEFAULT_ORDER}
      initialFilters={{ upcoming: 1 }}
      baseQuery={{ embed: ['location', 'balloon', 'pilot'] }}
      filters={FILTERS}
      columns={COLUMNS}
      getRowHref={(f) => pathTo('single-flight', { flightId: f.id })}
    />
  );
}
