import { FLIGHT_STATUSES, MESSAGES } from '@app/domain';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useApiQuery, useFailureNotice } from '../../api/hooks';
import { AfterFirstPaint, FlightStatusTag, SubNavigation } from '../../components';
import { formatLongDate } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { pathTo } from '../../lib/routes';
import { type Flight, isFlightEditable } from './flight-model';
import { flightPageRead } from './flight-page-query';

// single-flight: the flight's date and time as title, its status tag, and its children (summary,
// operating-plan), which read the flight loaded here through the outlet context.

export type FlightContext = { flight: Flight; isEditable: boolean };
export const useFlight = (): FlightContext => useOutletContext<FlightContext>();

export default function FlightPage() {
  const flightId = Number(useParams().flightId);
  // A missing flight is said on the page, not as a failure.
  const result = useApiQuery(flightPageRead(flightId), { failure: null });
  const flight = result.data;
  usePageTitle(
    flight ? `Vol du ${formatLongDate(flight.scheduled_date)} à ${flight.scheduled_time.slice(0, 5)}` : null,
  );
  const isMissing = result.error instanceof ApiError && result.error.status === 404;
  useFailureNotice(isMissing ? null : MESSAGES.flightLoadFailed, result);

  const back = (
    <Anchor
      component={Link}
      to={flight ? pathTo('planning', undefined, { day: flight.scheduled_date }) : pathTo('planning')}
      size="sm"
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {flight ? `Planning du ${formatLongDate(flight.scheduled_date)}` : 'Planning'}
      </Group>
    </Anchor>
  );
  if (!flight) {
    return (
      <Stack gap="sm">
        {back}
        {isMissing && <Text>Ce vol n'existe pas ou a été supprimé.</Text>}
        {result.isError && !isMissing && <Text c="red">{MESSAGES.flightLoadFailed}</Text>}
        {result.isLoading && <Text c="dimmed">Chargement...</Text>}
      </Stack>
    );
  }
  const isEditable = isFlightEditable(flight);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {back}
        <FlightStatusTag statusId={flight.flight_status_id} />
      </Group>
      {!isEditable && (
        <Alert color="gray" icon={<IconLock size={16} aria-hidden />} p="xs">
          {flight.flight_status_id === FLIGHT_STATUSES.realized.id
            ? // Issue 27: the flight record is completed after landing.
              'Vol réalisé : seuls son compte rendu (heures, température, altitude atteinte, lieu d’atterrissage, carburant, remarques, incidents), son statut et ses notes peuvent encore changer.'
            : "Ce vol n'est plus modifiable : seuls son statut et ses notes peuvent changer."}
        </Alert>
      )}
      <SubNavigation
        label="Sections du vol"
        links={[
          { label: 'Résumé', to: pathTo('single-flight-summary', { flightId: flight.id }) },
          { label: 'Plan de vol opérationnel', to: pathTo('single-flight-operating-plan', { flightId: flight.id }) },
        ]}
      />
      <AfterFirstPaint>
        <Outlet context={{ flight, isEditable } satisfies FlightContext} />
      </AfterFirstPaint>
    </Stack>
  );
}
