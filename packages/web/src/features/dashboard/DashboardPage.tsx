import {
  type AttentionItem,
  type AttentionLink,
  BOOKING_STATUSES,
  type Dashboard,
  type DashboardFlight,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconUsers } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { AvailabilityTag, type DataColumn, DataTable, FlightStatusTag, PassengerCounter } from '../../components';
import { formatAmount, formatShortDay, formatTime } from '../../lib/format';
import { pathTo } from '../../lib/routes';
import { ComplianceLines } from '../flights';
import { dashboardRead } from './dashboard-query';

// The charts (a chart library of 100 kB) and the day's pending bookings (the planning's dialog and what it brings)
// load after the figures: a first visit paints the day's work without waiting for either. The charts load once
// their place nears the screen (WhenNearScreen).
const DashboardCharts = lazy(() => import('./DashboardCharts'));
const PendingBookingsDialog = lazy(() =>
  import('../planning').then((module) => ({ default: module.PendingBookingsDialog })),
);

// Issue 12 point 1, the landing page: what needs doing (each card opens the list holding exactly what it counts),
// the coming week's flights, the pending passengers of each coming day ('Passagers intéressés'), and the season's
// charts. Everything comes from one call, GET /api/dashboard.

const LOAD_FAILED = 'Erreur de chargement du tableau de bord';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const STATUS_LABELS = new Map<string, string>(Object.values(BOOKING_STATUSES).map((s) => [s.slug, s.label]));

/** Where a card's link leads: the bookings list of the status (or the flights list), narrowed by the filters. */
function linkTarget(item: AttentionItem, link: AttentionLink): string {
  const query = { filters: link.filters, filter_label: item.label };
  return link.status ? pathTo('bookings', { status: link.status }, query) : pathTo('flights', undefined, query);
}

function AttentionCard({ item }: { item: AttentionItem }) {
  const isDone = item.count === 0;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`attention-${item.key}`}>
      <Stack gap={6} h="100%" justify="space-between">
        <Text size="sm" fw={600}>
          {item.label}
        </Text>
        <Group gap="xs" align="center">
          {isDone ? (
            <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
          ) : (
            <IconAlertCircle size={22} color="var(--mantine-color-orange-7)" aria-hidden />
          )}
          <Text fz={28} fw={700} lh={1} c={isDone ? 'dimmed' : undefined}>
            {item.count}
          </Text>
        </Group>
        {isDone ? (
          <Text size="xs" c="dimmed">
            Rien à faire
          </Text>
        ) : (
          <Group gap="xs">
            {item.links.map((link) => (
              <Anchor key={link.status ?? 'flights'} component={Link} to={linkTarget(item, link)} size="sm">
                {link.status
                  ? `${STATUS_LABELS.get(link.status) ?? link.status} (${link.count})`
                  : `Voir ${link.count > 1 ? `les ${link.count} vols` : 'le vol'}`}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

const FLIGHT_COLUMNS: DataColumn<DashboardFlight>[] = [
  { label: 'Date', key: 'date', render: (f) => formatShortDay(f.scheduled_date) },
  { label: 'Heure', key: 'time', render: (f) => formatTime(f.scheduled_time) },
  { label: 'Lieu', field: 'location.label' },
  {
    label: 'Ballon',
    field: 'balloon.label',
    // A registration is one word: 'F-HCRM' cut at its hyphen reads as two.
    render: (f) => (f.balloon ? <span style={{ whiteSpace: 'nowrap' }}>{f.balloon.label}</span> : ''),
  },
  { label: 'Pilote', field: 'pilot.full_name' },
  {
    label: 'Passagers',
    key: 'passengers',
    render: (f) => <PassengerCounter count={f.passengers_count} capacity={f.balloon?.passengers} />,
  },
  {
    label: 'Disponibilité',
    key: 'availability',
    render: (f) => <AvailabilityTag statusId={f.flight_status_id} availability={f.availability} />,
  },
  { label: 'Statut', key: 'status', render: (f) => <FlightStatusTag statusId={f.flight_status_id} size="small" /> },
  // Issue 30: why a coming flight needs a look (a pilot not current, a balloon due, fuel, crew).
  {
    label: 'Dossier de vol',
    key: 'compliance',
    render: (f) => <ComplianceLines items={f.compliance} maxWidth={240} />,
  },
];

function PendingDays({ days }: { days: Dashboard['pending_passengers'] }) {
  const [opened, setOpened] = useState<string | null>(null);
  // Loaded on the first opening, then kept mounted so that it closes with its animation.
  const [asked, setAsked] = useState(false);
  return (
    <>
      <SimpleGrid cols={{ base: 2, xs: 4, md: 8 }} spacing="xs">
        {days.map(({ date, count }) => (
          <UnstyledButton
            key={date}
            onClick={() => {
              setAsked(true);
              setOpened(date);
            }}
            disabled={count === 0}
            aria-label={`Passagers intéressés le ${formatShortDay(date)} : ${count}`}
          >
            <Paper withBorder radius="md" p="xs" style={{ opacity: count === 0 ? 0.6 : 1 }}>
              <Text size="xs" c="dimmed">
                {capitalized(formatShortDay(date))}
              </Text>
              <Group gap={4} mt={4}>
                <IconUsers size={16} aria-hidden />
                <Text fw={700}>{count}</Text>
              </Group>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {asked && (
        <Suspense fallback={null}>
          <PendingBookingsDialog day={opened ?? ''} opened={opened !== null} onClose={() => setOpened(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Renders its children once the place they take comes near the screen (or at once where the browser cannot tell).
 * The season's charts are the page's heaviest part to load and draw, and on a phone they sit several screens below
 * the day's work: drawn on arrival they held the main thread while the staff member read the top of the page.
 */
function WhenNearScreen({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = anchor.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '400px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return isNear ? children : <div ref={anchor}>{placeholder}</div>;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Chargement du tableau de bord">
      <Group gap="xs">
        <Loader size="sm" />
        <Text c="dimmed">Chargement...</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Skeleton key={key} h={110} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={220} radius="md" />
    </Stack>
  );
}

const soldLabel = (n: number) => (n > 1 ? `${n} réservations vendues` : `${n} réservation vendue`);

export default function DashboardPage() {
  const result = useApiQuery(dashboardRead, { failure: LOAD_FAILED });

  if (result.isPending) return <DashboardSkeleton />;
  if (result.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title={LOAD_FAILED}>
        <Button variant="light" color="red" size="xs" mt="xs" onClick={() => result.refetch()}>
          Réessayer
        </Button>
      </Alert>
    );
  }
  const data = result.data;
  const dueTotal = data.months.reduce((sum, m) => sum + m.remaining_due, 0);
  return (
    <Stack gap="xl">
      <Section title="À faire">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
          {data.attention.map((item) => (
            <AttentionCard key={item.key} item={item} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Vols d'aujourd'hui et des 7 prochains jours">
        <DataTable<DashboardFlight>
          label="Vols à venir"
          columns={FLIGHT_COLUMNS}
          rows={data.flights}
          getRowHref={(f) => pathTo('single-flight', { flightId: f.id })}
        />
      </Section>
      <Section title="Passagers intéressés par jour">
        <PendingDays days={data.pending_passengers} />
      </Section>
      <Section title={`Saison ${data.season}`}>
        <Group gap="xs">
          <Badge variant="light" size="lg" tt="none">
            {soldLabel(data.months.reduce((sum, m) => sum + m.bookings, 0))}
          </Badge>
          <Badge variant="light" color="teal" size="lg" tt="none">
            {`${formatAmount(data.months.reduce((sum, m) => sum + m.revenue, 0))} de chiffre d'affaires`}
          </Badge>
          {dueTotal > 0 && (
            <Badge variant="light" color="red" size="lg" tt="none">
              {`${formatAmount(dueTotal)} restant dû`}
            </Badge>
          )}
        </Group>
        <WhenNearScreen placeholder={<Skeleton h={290} radius="md" aria-hidden />}>
          <Suspense fallback={<Skeleton h={290} radius="md" aria-hidden />}>
            <DashboardCharts data={data} />
          </Suspense>
        </WhenNearScreen>
      </Section>
    </Stack>
  );
}
