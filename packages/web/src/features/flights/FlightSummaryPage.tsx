import { FLIGHT_STATUSES, FLIGHTS_PATH } from '@app/domain';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import { memo } from 'react';
import { FieldBoardingSection } from '../field';
import { HistorySection } from '../history';
import { RegistrationRequestsCard } from '../registration-requests';
import { ComplianceAlert, CrewOnBoardCard, FlightRecordsCard, useIsFlightSealed } from './FlightFile';
import { useFlight } from './FlightPage';
import type { Flight } from './flight-model';
import { FlightActions } from './summary/FlightActions';
import { FlightInfoSection } from './summary/FlightInfoSection';
import { FlightNotesSection } from './summary/FlightNotesSection';
import { FlightPassengersSection } from './summary/FlightPassengersSection';
import { FlightRecordSection } from './summary/FlightRecordSection';
import { FlightStatusSection } from './summary/FlightStatusSection';
import { useFlightChanged } from './summary/flight-summary';
import { PostponedManifestSection } from './summary/PostponedManifestSection';
import { WeightChangesAlert } from './WeightChanges';

// single-flight summary: general info, status, passengers grouped by booking with the passenger counter and
// weight, notes with a pinned one. Each section reads what it shows and owns its dialogs. A flight in a
// not-editable status (realized, postponed, canceled) is read-only here except its status and notes; the server
// refuses the rest anyway.

export default function FlightSummaryPage() {
  const { flight, isEditable } = useFlight();
  // Issue 30: a sealed flight record freezes the flight until a correction is opened.
  const isSealed = useIsFlightSealed(flight.id);
  return <FlightSummarySections flight={flight} isSealed={isSealed} isStatusEditable={isEditable} />;
}

// Apart, and memoized: the record's answer arriving re-renders this page at once (before its value is shown), which
// must not rebuild every section with it.
const FlightSummarySections = memo(function FlightSummarySections({
  flight,
  isSealed,
  isStatusEditable,
}: {
  flight: Flight;
  isSealed: boolean;
  isStatusEditable: boolean;
}) {
  const isEditable = isStatusEditable && !isSealed;
  const isRealized = flight.flight_status_id === FLIGHT_STATUSES.realized.id;
  const changed = useFlightChanged();
  const id = flight.id;

  return (
    <Stack gap="md">
      <FlightActions flight={flight} />
      {flight.pinned_note && (
        <Paper withBorder p="sm" radius="md" bg="yellow.0" role="note" aria-label="Note épinglée">
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconPin size={16} aria-hidden />
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {flight.pinned_note.content}
            </Text>
          </Group>
        </Paper>
      )}
      <ComplianceAlert items={flight.compliance} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <FlightInfoSection flight={flight} isEditable={isEditable} />
        <Stack gap="md">
          <FlightStatusSection flight={flight} isSealed={isSealed} />
          {isRealized && <FlightRecordSection flight={flight} isSealed={isSealed} />}
          <FlightRecordsCard flightId={id} isRealized={isRealized} onChanged={changed} />
          <CrewOnBoardCard flightId={id} isEditable={!isSealed} onChanged={changed} />
          <FlightNotesSection flightId={id} isSealed={isSealed} />
          <RegistrationRequestsCard of="flight" id={id} onDecided={changed} />
          <WeightChangesAlert flightId={id} onSeen={changed} />
        </Stack>
      </SimpleGrid>
      <FlightPassengersSection flight={flight} isEditable={isEditable} />
      <PostponedManifestSection flightId={id} />
      <FieldBoardingSection flightId={id} />
      <HistorySection endpoint={FLIGHTS_PATH} id={id} />
    </Stack>
  );
});
