import {
  FIELD_FLIGHTS_PATH,
  FIELD_MESSAGES,
  type FieldFlight,
  type FieldOperation,
  FLIGHT_STATUSES,
  type Me,
} from '@app/domain';
import { Alert, Anchor, Badge, Box, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { onlineManager, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { use, useMemo, useSyncExternalStore } from 'react';
import { api } from '../../api/client';
import { formatDayOfWeek } from '../../lib/format';
import { ROUTE_PATHS } from '../../lib/routes';
import { today as operatorToday } from '../../lib/today';
import { FieldFlightView } from './FieldFlightView';
import { fieldFlightOf, onFieldLinkClick, useFieldPath } from './field-navigation';
import { FIELD_SYNC_KEY, type FieldIssue, flightsKey, issuesKey, overlay, setUpFieldOffline } from './field-offline';

// /terrain (issue 31): the crew's day on a phone, offline. The list of today's and tomorrow's flights, and one
// flight's boarding (/terrain/{id}). Its own page (terrain.html, src/terrain.tsx): Mantine's core only, no office
// router, calendar, editor or charts.

const flightPath = (flightId: number) => ROUTE_PATHS['field-flight'].replace(':flightId', String(flightId));

const setUps = new WeakMap<object, Map<number, Promise<void>>>();
/** The offline wiring, once per client and user, awaited before the first render (React's `use`). */
function setUpOnce(client: ReturnType<typeof useQueryClient>, me: Me): Promise<void> {
  const byUser = setUps.get(client) ?? new Map<number, Promise<void>>();
  setUps.set(client, byUser);
  let promise = byUser.get(me.user.id);
  if (!promise) {
    promise = setUpFieldOffline(client, me).catch(() => undefined);
    byUser.set(me.user.id, promise);
  }
  return promise;
}

export const useIsOnline = () =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );

const STATUS_BY_ID = new Map<number, { label: string }>(Object.values(FLIGHT_STATUSES).map((s) => [s.id, s]));
/** 'samedi 28 novembre' */
export const dayLabel = formatDayOfWeek;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export { capitalized };
export const timeLabel = (time: string | null) => (time ? time.slice(0, 5) : '');

export function statusLabel(flight: FieldFlight) {
  return STATUS_BY_ID.get(flight.flight_status_id)?.label ?? '';
}

/** 'Hors ligne — 3 modifications en attente', or what is still to send, or that everything is sent. */
function SyncState({ pending, isOnline }: { pending: number; isOnline: boolean }) {
  const text = !isOnline
    ? FIELD_MESSAGES.offline(pending)
    : pending > 0
      ? FIELD_MESSAGES.pending(pending)
      : FIELD_MESSAGES.synced;
  return (
    <Box
      role="status"
      aria-live="polite"
      px="md"
      py={8}
      style={{
        background: isOnline
          ? pending > 0
            ? 'var(--mantine-color-orange-1)'
            : 'var(--mantine-color-green-0)'
          : '#3b3b3b',
        color: isOnline ? 'var(--mantine-color-dark-9)' : '#ffffff',
        fontWeight: 600,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {text}
    </Box>
  );
}

export default function FieldPage({ me }: { me: Me }) {
  const client = useQueryClient();
  use(setUpOnce(client, me));
  return <FieldDay me={me} />;
}

function FieldDay({ me }: { me: Me }) {
  const userId = me.user.id;
  const path = useFieldPath();
  const isOnline = useIsOnline();
  const flightsQuery = useQuery({
    queryKey: flightsKey(userId),
    queryFn: ({ signal }) => api.get<FieldFlight[]>(FIELD_FLIGHTS_PATH, undefined, signal),
  });
  const issuesQuery = useQuery<FieldIssue[]>({
    queryKey: issuesKey(userId),
    queryFn: () => [],
    staleTime: Number.POSITIVE_INFINITY,
    // Kept on the device only (set by the sync's answers): never read from the server.
    enabled: false,
    initialData: [],
  });
  const pending = useMutationState({
    filters: { mutationKey: FIELD_SYNC_KEY, status: 'pending' },
    select: (m) => m.state.variables as FieldOperation,
  });
  const flights = useMemo(() => overlay(flightsQuery.data ?? [], pending), [flightsQuery.data, pending]);
  const opened = fieldFlightOf(path);
  const flightId = opened === 'none' ? null : opened === 'invalid' ? 0 : opened;
  const flight = flightId === null ? null : flights.find((f) => f.id === flightId);
  const issues = issuesQuery.data ?? [];

  let body: React.ReactNode;
  if (!flightsQuery.data && flightsQuery.isPending && flightsQuery.fetchStatus === 'fetching') {
    body = (
      <Group justify="center" py="xl" role="status" aria-label="Chargement des vols">
        <Loader />
      </Group>
    );
  } else if (!flightsQuery.data) {
    body = (
      <Alert color="red" title="Les vols n’ont pas pu être chargés">
        {isOnline
          ? 'Le serveur n’a pas répondu. Réessayez dans un instant.'
          : 'Hors ligne, et aucun vol n’a encore été enregistré sur cet appareil.'}
      </Alert>
    );
  } else if (flightId !== null) {
    body = flight ? (
      <FieldFlightView flight={flight} userId={userId} issues={issues.filter((i) => i.op.flight_id === flight.id)} />
    ) : (
      <Alert color="orange" title="Vol introuvable sur cet appareil">
        Ce vol n’est pas parmi vos vols d’aujourd’hui et de demain.{' '}
        <Anchor href={ROUTE_PATHS.field} onClick={onFieldLinkClick}>
          Revenir aux vols du jour
        </Anchor>
      </Alert>
    );
  } else {
    body = <FlightList flights={flights} issues={issues} />;
  }

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <SyncState pending={pending.length} isOnline={isOnline} />
      <Container size={820} px="sm" py="md">
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Title order={1} size="h3">
            {flight ? 'Embarquement' : 'Terrain'}
          </Title>
          {flight ? (
            <Anchor href={ROUTE_PATHS.field} onClick={onFieldLinkClick} size="sm">
              Tous les vols
            </Anchor>
          ) : (
            <Anchor href={ROUTE_PATHS.dashboard} size="sm">
              Back-office
            </Anchor>
          )}
        </Group>
        {body}
      </Container>
    </Box>
  );
}

function FlightList({ flights, issues }: { flights: FieldFlight[]; issues: FieldIssue[] }) {
  if (flights.length === 0) {
    return (
      <Alert color="blue" title="Aucun vol aujourd’hui ni demain">
        Vous n’êtes pilote ni équipier d’aucun vol d’aujourd’hui ou de demain.
      </Alert>
    );
  }
  const today = operatorToday();
  const days = [...new Set(flights.map((f) => f.scheduled_date))];
  return (
    <Stack gap="lg">
      {days.map((day) => (
        <section key={day} aria-label={capitalized(dayLabel(day))}>
          <Title order={2} size="h5" mb="xs">
            {day === today ? `Aujourd’hui, ${dayLabel(day)}` : capitalized(dayLabel(day))}
          </Title>
          <Stack gap="sm">
            {flights
              .filter((f) => f.scheduled_date === day)
              .map((f) => {
                const open = issues.filter((i) => i.op.flight_id === f.id).length;
                const present = f.passengers.filter((p) => p.is_present === 1).length;
                return (
                  <Card
                    key={f.id}
                    withBorder
                    padding="sm"
                    component="a"
                    href={flightPath(f.id)}
                    onClick={onFieldLinkClick}
                  >
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={700} size="lg">
                          {timeLabel(f.scheduled_time)} · {f.location?.label ?? 'Lieu à définir'}
                        </Text>
                        <Text size="sm">
                          {f.balloon?.label ?? 'Sans ballon'} · {f.pilot?.full_name ?? 'Sans pilote'}
                          {f.teammates.length > 0 && ` · ${f.teammates.map((t) => t.full_name).join(', ')}`}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {f.passengers.length} passager{f.passengers.length > 1 ? 's' : ''} · {present} présent
                          {present > 1 ? 's' : ''}
                        </Text>
                      </div>
                      {/* Never shrunk: at 390 px a long place name squeezed the status to 'PL…'. */}
                      <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                        <Badge variant="light" color={f.lock ? 'gray' : 'blue'}>
                          {statusLabel(f)}
                        </Badge>
                        {open > 0 && <Badge color="red">{open} à revoir</Badge>}
                      </Stack>
                    </Group>
                  </Card>
                );
              })}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
