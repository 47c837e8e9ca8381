import {
  BALLOON_INSPECTION_KINDS,
  balloonTechnicalLogPath,
  formatMinutes,
  frenchDate,
  type TechnicalLog,
} from '@app/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { apiUrl } from '../../api/client';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { getRead } from '../../api/reads';
import { useDialog } from '../../lib/use-dialog';
import { BalloonInspectionDialog } from './BalloonInspectionDialog';

const WRAPPED_BADGE = { label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

// Issue 30: the balloon's technical log: hours before the product, flights with their running hours, every
// inspection (recorded here with 'Enregistrer une visite'), incidents, and the next inspection due (the earlier of
// 12 months and 100 hours after the last); CSV from GET /api/balloons/{id}/technical-log?format=csv.

const hours = (value: number | null | undefined) =>
  value === null || value === undefined
    ? '—'
    : `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(value)} h`;

export function BalloonTechnicalLog({ balloonId }: { balloonId: number }) {
  const path = balloonTechnicalLogPath(balloonId);
  // The log says its failure in place (the red line below), not in a notice.
  const log = useApiQuery(getRead<TechnicalLog>('balloons', path, ['technical-log', balloonId]), { failure: null });
  const data = log.data;
  const dialog = useDialog<true>();
  const invalidate = useInvalidate();
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Livret technique">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Livret technique
        </Title>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => dialog.open(true)}
          >
            Enregistrer une visite
          </Button>
          <Button
            component="a"
            href={apiUrl(`${path}?format=csv`)}
            download
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            CSV
          </Button>
        </Group>
      </Group>
      {log.isError && <Text c="red">Le livret technique n'a pas pu être chargé.</Text>}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" mb="sm">
            {[
              ['Heures avant le logiciel', hours(data.hours_before)],
              ['Heures depuis', hours(data.hours_flown)],
              ['Heures totales', hours(data.hours_total)],
              [
                'Prochaine visite',
                data.last_inspection_on
                  ? `${data.next_inspection_on ? frenchDate(data.next_inspection_on) : '—'} ou ${hours(data.next_inspection_hours)}`
                  : 'Aucune visite enregistrée',
              ],
            ].map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={600}>{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          {/* Scrolls sideways on a tablet: reachable from the keyboard, named as its table. */}
          <Table.ScrollContainer
            minWidth={760}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Vols et visites du ballon' },
            }}
          >
            <Table striped fz="sm" verticalSpacing={4} aria-label="Vols et visites du ballon">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Événement</Table.Th>
                  <Table.Th>Pilote</Table.Th>
                  <Table.Th>Décollage</Table.Th>
                  <Table.Th>Atterrissage</Table.Th>
                  <Table.Th>Durée</Table.Th>
                  <Table.Th>Heures cumulées</Table.Th>
                  <Table.Th>Incidents</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row, index) =>
                  row.kind === 'inspection' ? (
                    <Table.Tr key={`i-${row.date}-${index}`}>
                      <Table.Td>{frenchDate(row.date)}</Table.Td>
                      <Table.Td>
                        {/* Wrapped in its cell, not cut: 'Visite annuelle (12 mois)' on a tablet. */}
                        <Badge
                          variant="light"
                          color="blue"
                          radius="sm"
                          tt="none"
                          h="auto"
                          py={2}
                          styles={WRAPPED_BADGE}
                        >
                          {row.inspection_kind ? BALLOON_INSPECTION_KINDS[row.inspection_kind] : 'Visite'}
                        </Badge>
                      </Table.Td>
                      <Table.Td colSpan={4}>
                        {[row.inspector && `Par ${row.inspector}`, row.remarks].filter(Boolean).join(' — ')}
                      </Table.Td>
                      <Table.Td>{hours(row.hours)}</Table.Td>
                      <Table.Td />
                    </Table.Tr>
                  ) : (
                    <Table.Tr key={row.flight_id}>
                      <Table.Td>{frenchDate(row.date)}</Table.Td>
                      <Table.Td>Vol</Table.Td>
                      <Table.Td>{row.pilot_name ?? '—'}</Table.Td>
                      <Table.Td>
                        {[row.takeoff_place, row.takeoff_time?.slice(0, 5)].filter(Boolean).join(', ')}
                      </Table.Td>
                      <Table.Td>
                        {[row.landing_place, row.landing_time?.slice(0, 5)].filter(Boolean).join(', ')}
                      </Table.Td>
                      <Table.Td>{row.duration === null ? '—' : formatMinutes(row.duration)}</Table.Td>
                      <Table.Td>{hours(row.hours_after)}</Table.Td>
                      <Table.Td>{row.incidents ?? ''}</Table.Td>
                    </Table.Tr>
                  ),
                )}
                {data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text size="sm" c="dimmed">
                        Aucun vol réalisé ni visite enregistrée.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed" mt="xs">
            {`${data.totals.flights} vol${data.totals.flights > 1 ? 's' : ''} réalisé${data.totals.flights > 1 ? 's' : ''}, ${formatMinutes(data.totals.minutes)} de vol.`}
          </Text>
        </>
      )}
      {dialog.value && (
        <BalloonInspectionDialog
          key={dialog.key}
          balloonId={balloonId}
          opened={dialog.opened}
          onClose={dialog.close}
          // The log and the balloon's page (its last inspection is the latest recorded now) read again.
          onSaved={() => void invalidate('balloons')}
        />
      )}
    </Paper>
  );
}
