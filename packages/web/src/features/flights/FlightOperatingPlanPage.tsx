import { flightOperationalPlanPdfPath } from '@app/domain';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalculator, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { apiUrl } from '../../api/client';
import { SummaryCard } from '../../components';
import { formatNumber } from '../../lib/format';
import { useDialog } from '../../lib/use-dialog';
import { TakeoffMassCalculatorDialog } from '../balloons';
import { FlightChecks, kg } from './FlightChecks';
import { useFlight } from './FlightPage';

// single-flight operating-plan (issue 9): the flight_masses as the pilot reads them (services/flight-masses.ts on
// the server), the maximum takeoff mass calculator prefilled from the flight, and the printable A4 plan
// (GET /api/flights/{id}/operational-flight-plan.pdf).

const minutes = (value: number | null | undefined) => {
  if (value === null || value === undefined) return '—';
  const hours = Math.floor(value / 60);
  const rest = Math.round(value % 60);
  return hours ? `${hours} h ${String(rest).padStart(2, '0')}` : `${rest} min`;
};

export default function FlightOperatingPlanPage() {
  const { flight } = useFlight();
  const m = flight.flight_masses;
  const dialog = useDialog<'calculator'>();
  const [isPreviewShown, setPreviewShown] = useState(false);
  const pdf = apiUrl(flightOperationalPlanPdfPath(flight.id));
  const isOverloaded = m?.margin !== null && m?.margin !== undefined && m.margin < 0;
  const maxAltitude = flight.flight_max_altitude ?? flight.location?.flight_max_altitude ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            variant={isPreviewShown ? 'filled' : 'default'}
            onClick={() => setPreviewShown((v) => !v)}
          >
            {isPreviewShown ? "Masquer l'aperçu" : 'Aperçu du plan imprimable'}
          </Button>
          <Button
            component="a"
            href={pdf}
            download={`plan-de-vol-${flight.scheduled_date}.pdf`}
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Télécharger le plan de vol
          </Button>
        </Group>
        <Button
          variant="default"
          leftSection={<IconCalculator size={16} aria-hidden />}
          onClick={() => dialog.open('calculator')}
          disabled={!flight.balloon}
        >
          Calculateur de masse
        </Button>
      </Group>
      {isOverloaded && (
        <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} title="Masse au-dessus du maximum">
          {`Le vol dépasse de ${kg(-(m?.margin ?? 0))} la masse maximale calculée au décollage.`}
        </Alert>
      )}
      {m && m.passengers_without_weight > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={16} aria-hidden />}>
          {`${m.passengers_without_weight} passager${m.passengers_without_weight > 1 ? 's' : ''} sans poids : la masse totale est sous-estimée.`}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <SummaryCard
          title="Masses"
          rows={[
            { label: 'Pilote et sac', value: kg(m?.pilot) },
            {
              label: `Passagers (déclarés + ${m?.passengers_count ?? 0} × ${kg(m?.allowance?.per_passenger ?? m?.passenger_supplement)} d'allocation)`,
              value: kg(m?.passengers),
            },
            { label: 'Enveloppe, nacelle, brûleur', value: kg(m?.balloon) },
            { label: 'Gaz', value: kg(m?.gas) },
            {
              label: 'Masse totale',
              value: (
                <Text inherit fw={800}>
                  {kg(m?.total)}
                </Text>
              ),
            },
          ]}
        />
        <SummaryCard
          title="Masse maximale au décollage"
          rows={[
            { label: 'Calculée pour ce vol', value: kg(m?.max_takeoff_mass) },
            { label: 'Certifiée du ballon', value: kg(m?.balloon_takeoff_max_mass) },
            {
              label: 'Marge',
              value: (
                <Text inherit fw={800} c={isOverloaded ? 'red' : 'green'}>
                  {kg(m?.margin)}
                </Text>
              ),
            },
            {
              label: "Température à l'altitude max.",
              value:
                m?.outside_temperature === null || m?.outside_temperature === undefined
                  ? '—'
                  : `${formatNumber(m.outside_temperature)} °C`,
            },
            {
              label: "Pression à l'altitude max.",
              value: m?.pressure === null || m?.pressure === undefined ? '—' : `${formatNumber(m.pressure)} hPa`,
            },
          ]}
        />
        <SummaryCard
          title="Données du calcul et carburant"
          rows={[
            {
              label: 'Température au sol',
              value: flight.takeoff_temperature === null ? '—' : `${flight.takeoff_temperature} °C`,
            },
            {
              label: 'Altitude de décollage',
              value:
                flight.location?.takeoff_altitude === null || flight.location?.takeoff_altitude === undefined
                  ? '—'
                  : `${flight.location.takeoff_altitude} m`,
            },
            { label: 'Altitude maximale', value: maxAltitude === null ? '—' : `${maxAltitude} m` },
            {
              label: 'Volume du ballon',
              value: flight.balloon?.volume ? `${formatNumber(flight.balloon.volume)} m³` : '—',
            },
            {
              label: "Température de l'enveloppe",
              value: flight.balloon?.envelope_temperature ? `${flight.balloon.envelope_temperature} °C` : '—',
            },
            { label: 'Vol + réserve', value: minutes(m?.flight_duration) },
            { label: 'Gaz nécessaire', value: kg(m?.fuel_needed) },
            { label: 'Gaz embarqué', value: kg(flight.fuel_loaded) },
          ]}
        />
      </SimpleGrid>
      <FlightChecks flight={flight} />
      {!m && <Text c="dimmed">Les masses ne sont pas disponibles pour ce vol.</Text>}
      {isPreviewShown && (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <iframe title="Plan de vol imprimable" src={pdf} style={{ width: '100%', height: 900, border: 0 }} />
        </Paper>
      )}
      {dialog.value === 'calculator' && flight.balloon && (
        <TakeoffMassCalculatorDialog
          key={dialog.key}
          opened={dialog.opened}
          onClose={dialog.close}
          balloon={{
            volume: flight.balloon.volume,
            envelope_temperature: flight.balloon.envelope_temperature,
            takeoff_max_mass: flight.balloon.takeoff_max_mass ?? 0,
          }}
          initial={{
            groundTemperature: flight.takeoff_temperature,
            takeoffAltitude: flight.location?.takeoff_altitude ?? null,
            maxAltitude,
          }}
        />
      )}
    </Stack>
  );
}
