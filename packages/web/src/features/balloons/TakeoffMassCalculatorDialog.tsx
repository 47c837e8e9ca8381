import { computeTakeoffMass, MODAL_CLOSE_MS } from '@app/domain';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';
import { formatNumber } from '../../components/ReferenceData';
import type { Location } from '../locations';
import type { Balloon } from './balloons.config';

// The maximum takeoff mass calculator dialog. The formulas are the domain's computeTakeoffMass (unit-tested
// against hand computations), the same the server uses for a flight's operational plan.

type Inputs = {
  groundTemperature: string;
  maxAltitude: string;
  takeoffAltitude: string;
  volume: string;
  envelopeTemperature: string;
};

const asText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const asNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

const twoDecimals = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const units = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** The default location gives sensible altitudes to start from (is_default). */
function useDefaultLocation(isEnabled: boolean): Location | null | undefined {
  // Without it the calculator starts from empty altitudes: no notice, as before.
  const result = useApiQuery(
    resource<Location>('locations').list({ filters: [{ field: 'is_default', op: '=', value: '1' }] }),
    { failure: null, enabled: isEnabled },
  );
  return result.data && (result.data[0] ?? null);
}

function Result({ label, value, hint }: { label: string; value: string | null; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="output" display="block" fz="xl" fw={700}>
        {value ?? '—'}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export type TakeoffMassCalculatorDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Prefills the volume and envelope temperature. */
  balloon: Pick<Balloon, 'volume' | 'envelope_temperature' | 'takeoff_max_mass'>;
  /** A flight's own conditions (operational flight plan); they win over the default location's altitudes. */
  initial?: { groundTemperature: number | null; takeoffAltitude: number | null; maxAltitude: number | null };
};

/**
 * Inputs prefilled from the balloon (volume, envelope temperature) and the default location (takeoff and maximum
 * altitudes, while the user has not typed them); results follow every keystroke.
 */
export function TakeoffMassCalculatorDialog({ opened, onClose, balloon, initial }: TakeoffMassCalculatorDialogProps) {
  const [inputs, setInputs] = useState<Inputs>(() => ({
    groundTemperature: asText(initial?.groundTemperature ?? null),
    maxAltitude: asText(initial?.maxAltitude ?? null),
    takeoffAltitude: asText(initial?.takeoffAltitude ?? null),
    volume: asText(balloon.volume),
    envelopeTemperature: asText(balloon.envelope_temperature),
  }));
  const location = useDefaultLocation(opened);
  // The altitudes the default location fills: those the flight does not give.
  const prefilled = {
    takeoffAltitude: (initial?.takeoffAltitude ?? null) === null,
    maxAltitude: (initial?.maxAltitude ?? null) === null,
  };

  useEffect(() => {
    if (!location) return;
    setInputs((current) => ({
      ...current,
      takeoffAltitude: current.takeoffAltitude || asText(location.takeoff_altitude),
      maxAltitude: current.maxAltitude || asText(location.flight_max_altitude),
    }));
  }, [location]);

  /** 'Lieu par défaut : …' only while the field still holds the location's value (gone once changed). */
  const locationNote = (name: 'takeoffAltitude' | 'maxAltitude', value: number | null) =>
    location && prefilled[name] && inputs[name] === asText(value) ? `Lieu par défaut : ${location.label}` : undefined;

  const set = (name: keyof Inputs) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setInputs((current) => ({ ...current, [name]: value }));
  };

  const isComplete = Object.values(inputs).every((text) => text.trim() !== '');
  const result = computeTakeoffMass({
    groundTemperature: asNumber(inputs.groundTemperature),
    maxAltitude: asNumber(inputs.maxAltitude),
    takeoffAltitude: asNumber(inputs.takeoffAltitude),
    volume: asNumber(inputs.volume),
    envelopeTemperature: asNumber(inputs.envelopeTemperature),
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Calculateur de masse maximale au décollage"
      size="lg"
      transitionProps={{ duration: MODAL_CLOSE_MS }}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <Stack gap="md">
        {/* Side by side by kind, so the two altitudes share the default location's note on one line. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Température au sol (°C)"
            type="number"
            step="any"
            inputMode="decimal"
            value={inputs.groundTemperature}
            onChange={set('groundTemperature')}
            data-autofocus
          />
          <TextInput
            label="Température de l'enveloppe (°C)"
            type="number"
            step="any"
            value={inputs.envelopeTemperature}
            onChange={set('envelopeTemperature')}
          />
          <TextInput
            label="Altitude de décollage (m)"
            type="number"
            step="any"
            min={0}
            value={inputs.takeoffAltitude}
            onChange={set('takeoffAltitude')}
            description={locationNote('takeoffAltitude', location?.takeoff_altitude ?? null)}
          />
          <TextInput
            label="Altitude maximale (m)"
            type="number"
            step="any"
            min={0}
            value={inputs.maxAltitude}
            onChange={set('maxAltitude')}
            description={locationNote('maxAltitude', location?.flight_max_altitude ?? null)}
          />
          <TextInput
            label="Volume du ballon (m³)"
            type="number"
            step="any"
            min={0}
            value={inputs.volume}
            onChange={set('volume')}
          />
        </SimpleGrid>
        <div aria-live="polite">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Result
              label="Température extérieure à l'altitude maximale"
              value={result ? `${twoDecimals.format(result.outsideTemperature)} °C` : null}
            />
            <Result
              label="Pression à l'altitude maximale"
              value={result ? `${twoDecimals.format(result.pressure)} hPa` : null}
            />
            <Result
              label="Masse maximale au décollage"
              value={result ? `${units.format(result.lift)} kg` : null}
              hint={`Limite du ballon : ${formatNumber(balloon.takeoff_max_mass, 'kg')}`}
            />
          </SimpleGrid>
          {!result && (
            <Text size="sm" c="dimmed" mt="xs">
              {isComplete
                ? 'Ces valeurs sortent du domaine de calcul (altitude ou températures impossibles).'
                : 'Renseignez les cinq valeurs pour obtenir le résultat.'}
            </Text>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fermer
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
