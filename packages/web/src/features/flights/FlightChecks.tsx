import { type ComplianceItem, formatMinutes, frenchDate } from '@app/domain';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';
import { formatNumber } from '../../lib/format';
import type { Flight } from './flight-model';

// The plan page's checks (issue 30, BOP.ADD.600): each check green or red with its formula and inputs, so the
// pilot can redo it by hand, as the printed plan shows them. The pilot's currency and the balloon's inspection come
// from `append=flight_file` (the state on the flight's day).

type FlightFile = {
  compliance: ComplianceItem[];
  pilot: {
    name: string;
    licence_number: string | null;
    licence_expires_on: string | null;
    medical_expires_on: string | null;
    recent_flights: number;
    recency: { flights: number; days: number };
  } | null;
  balloon: {
    label: string;
    inspection: {
      last_inspection_on: string | null;
      hours_at_last_inspection: number | null;
      due_on: string | null;
      due_hours: number | null;
      hours: number;
    };
    inspection_rule: { months: number; hours: number };
  } | null;
};

type Mark = 'ok' | 'ko' | 'unknown';
const MARKS: Record<Mark, { label: string; color: string }> = {
  ok: { label: 'Conforme', color: 'green' },
  ko: { label: 'Non conforme', color: 'red' },
  unknown: { label: 'À compléter', color: 'orange' },
};
/** A mass in kg as the flight's checks and its plan write it ('—' for none). */
export const kg = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${formatNumber(value)} kg`;
const day = (value: string | null | undefined) => (value ? frenchDate(value) : '—');

type Check = { key: string; mark: Mark; name: string; text: string; formula?: string };

export function FlightChecks({ flight }: { flight: Flight }) {
  // Read apart from the page's flight (its append is slower); silent, the plan shows the flight's own warnings.
  const file = useApiQuery(
    resource('flights').one<{ flight_file: FlightFile | null }>(flight.id, { append: ['flight_file'] }),
    { failure: null },
  );
  const m = flight.flight_masses;
  const f = file.data?.flight_file;
  const items = f?.compliance ?? flight.compliance ?? [];
  const markOf = (code: string): Mark =>
    items.some((i) => i.code === code && i.severity === 'error')
      ? 'ko'
      : items.some((i) => i.code === code)
        ? 'unknown'
        : 'ok';
  const checks: Check[] = [];
  if (m?.allowance) {
    checks.push({
      key: 'allowance',
      mark: 'ok',
      name: 'Allocation passagers',
      text: `${kg(m.allowance.per_passenger)} par passager (vêtements ${kg(m.allowance.clothing)}, bagage à main ${kg(m.allowance.baggage)})`,
      formula: m.allowance.formula,
    });
  }
  if (m?.fuel) {
    checks.push({
      key: 'fuel',
      mark: m.fuel.is_ok === true ? 'ok' : m.fuel.is_ok === false ? 'ko' : 'unknown',
      name: 'Carburant et réserve',
      text: `Embarqué ${kg(m.fuel.loaded)} ; nécessaire ${kg(m.fuel.needed)} (réserve ${m.fuel.reserve_minutes} min${m.fuel.cylinders === 1 ? ', une bouteille' : ''})`,
      formula: `consommation × (vol prévu + réserve) / 60 : ${m.fuel.formula}`,
    });
  }
  if (m?.crew) {
    checks.push({
      key: 'crew',
      mark: m.crew.is_ok ? 'ok' : 'ko',
      name: 'Équipage',
      text: `${m.crew.passengers_count} passager(s), ${m.crew.crew_on_board} membre(s) d'équipage à bord`,
      formula: "Au-delà de 19 passagers, un second membre d'équipage à bord.",
    });
  }
  if (f?.pilot) {
    const p = f.pilot;
    checks.push(
      {
        key: 'recency',
        mark: markOf('pilot_recency'),
        name: 'Expérience récente',
        text: `${p.recent_flights} vol(s) réalisé(s) dans les ${p.recency.days} jours précédant le vol`,
        formula: `${p.recency.flights} vols requis`,
      },
      {
        key: 'licence',
        mark: markOf('pilot_licence'),
        name: 'Licence',
        text: `${p.licence_number ?? 'n° non renseigné'}, valable jusqu'au ${day(p.licence_expires_on)}`,
      },
      {
        key: 'medical',
        mark: markOf('pilot_medical'),
        name: 'Aptitude médicale',
        text: `Valable jusqu'au ${day(p.medical_expires_on)}`,
      },
    );
  }
  if (f?.balloon) {
    const i = f.balloon.inspection;
    checks.push({
      key: 'inspection',
      mark: markOf('balloon_inspection'),
      name: 'Visite du ballon',
      text: i.last_inspection_on
        ? `Dernière le ${day(i.last_inspection_on)} à ${formatNumber(i.hours_at_last_inspection ?? 0)} h ; échéance le ${day(i.due_on)} ou à ${i.due_hours === null ? '—' : `${formatNumber(i.due_hours)} h`}`
        : 'Aucune visite enregistrée',
      formula: `Heures du ballon avant ce vol : ${formatNumber(i.hours)} h ; la plus proche de ${f.balloon.inspection_rule.months} mois ou ${f.balloon.inspection_rule.hours} h après la visite`,
    });
  }
  if (checks.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Contrôles du dossier de vol">
      <Title order={2} fz="md" mb="xs">
        Contrôles du dossier de vol
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing={6} fz="sm">
          <Table.Tbody>
            {checks.map((check) => (
              <Table.Tr key={check.key} data-check={check.key} data-mark={check.mark}>
                <Table.Td w={150}>
                  <Badge
                    color={MARKS[check.mark].color}
                    variant="light"
                    tt="none"
                    size="md"
                    style={{ overflow: 'visible' }}
                  >
                    {MARKS[check.mark].label}
                  </Badge>
                </Table.Td>
                <Table.Td w={190} fw={600}>
                  {check.name}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm">{check.text}</Text>
                    {check.formula && (
                      <Text size="xs" c="dimmed">
                        {check.formula}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {m?.flight_duration !== null && m?.flight_duration !== undefined && (
        <Group mt="xs">
          <Text size="xs" c="dimmed">
            Temps de vol prévu + réserve : {formatMinutes(m.flight_duration)}
          </Text>
        </Group>
      )}
    </Paper>
  );
}
