import {
  BALLOONS_PATH,
  FLIGHT_STATUSES,
  FLIGHT_TYPES_PATH,
  FLIGHTS_PATH,
  LOCATIONS_PATH,
  listedName,
  type OrderItem,
  PILOTS_PATH,
} from '@app/domain';
import { Group, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  AvailabilityTag,
  type DataColumn,
  DataList,
  FlightStatusTag,
  PassengerCounter,
  WeightTag,
} from '../../components';
import { formatDate } from '../../lib/format';
import type { FilterDefinition } from '../../lib/list-state';
import { pathTo } from '../../lib/routes';
import { today as operatorToday } from '../../lib/today';
import type { Flight } from './flight-model';

// flights: every flight with its status, place, balloon, pilot, passengers against capacity, weight
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
    toFilters: (value) => (value === 1 ? [{ field: 'scheduled_date', op: '>=', value: operatorToday() }] : []),
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
    loader: { endpoint: LOCATIONS_PATH, labelField: 'label' },
  },
  { id: 'balloon_id', label: 'Ballon', type: 'select', loader: { endpoint: BALLOONS_PATH, labelField: 'label' } },
  {
    id: 'pilot_id',
    label: 'Pilote',
    type: 'select',
    loader: {
      endpoint: PILOTS_PATH,
      labelField: 'full_name',
      getLabel: listedName,
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
    loader: { endpoint: FLIGHT_TYPES_PATH, labelField: 'label' },
  },
  {
    // Issue 11: where the navigation's count of waiting registration requests leads.
    id: 'pending_requests',
    label: "Demandes d'inscription en attente",
    type: 'switch',
    toFilters: (value) => (value === 1 ? [{ field: 'registration_requests.status', op: '=', value: 'pending' }] : []),
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
    csv: 'flight_status.label',
    render: (f) => <FlightStatusTag statusId={f.flight_status_id} size="small" />,
  },
  { label: 'Lieu', field: 'location.label', sortField: 'location.label' },
  { label: 'Ballon', field: 'balloon.label', sortField: 'balloon.label' },
  { label: 'Pilote', field: 'pilot.full_name' },
  {
    label: 'Passagers',
    key: 'passengers',
    sortField: 'passengers_count',
    csv: [
      ['Passagers', 'passengers_count'],
      ['Capacité', 'balloon.passengers'],
    ],
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
    csv: [['Places restantes', 'availability']],
    render: (f) => (
      <Group gap={4}>
        <AvailabilityTag statusId={f.flight_status_id} availability={f.availability} />
      </Group>
    ),
  },
];

export default function FlightsPage() {
  // ?requests=pending (the navigation's count): the flights with a waiting request, past ones included.
  const [params] = useSearchParams();
  const isPendingRequests = params.get('requests') === 'pending';
  return (
    <DataList<Flight>
      key={isPendingRequests ? 'pending-requests' : 'all'}
      label="Vols"
      endpoint={FLIGHTS_PATH}
      storageKey="flights"
      defaultOrder={DEFAULT_ORDER}
      initialFilters={isPendingRequests ? { pending_requests: 1 } : { upcoming: 1 }}
      baseQuery={{ embed: ['location', 'balloon', 'pilot'] }}
      filters={FILTERS}
      columns={COLUMNS}
      getRowHref={(f) => pathTo('single-flight', { flightId: f.id })}
    />
  );
}
