import { formatMinutes, frenchDate, type PilotLogbook, pilotLogbookPath } from '@app/domain';
import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, apiUrl } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { getRead } from '../../api/reads';
import { usePageTitle } from '../../lib/page-title';
import { pathTo } from '../../lib/routes';

// Issue 30: a pilot's logbook (BOP.BAS.065): the realized flights they piloted, with date, balloon registration,
// takeoff and landing place and time, duration, passengers, remarks, and the totals; downloadable as PDF and CSV
// (GET /api/pilots/{id}/logbook?format=pdf|csv), over a period or all of it.

const place = (where: string | null, at: string | null) => [where, at?.slice(0, 5)].filter(Boolean).join(', ') || '—';

export default function PilotLogbookPage() {
  const pilotId = Number(useParams().pilotId);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = `${from ? `from=${from}` : ''}${from && to ? '&' : ''}${to ? `to=${to}` : ''}`;
  const base = pilotLogbookPath(pilotId);
  // The page says a failure in place (a refused period, a missing pilot), not in a notice.
  const logbook = useApiQuery(
    getRead<PilotLogbook>('pilots', `${base}${range ? `?${range}` : ''}`, [pilotId, 'logbook', from, to]),
    { failure: null },
  );
  usePageTitle(logbook.data ? `Carnet de vol — ${logbook.data.pilot.full_name}` : 'Carnet de vol');
  const download = (format: 'pdf' | 'csv') => apiUrl(`${base}?format=${format}${range ? `&${range}` : ''}`);
  const data = logbook.data;
  const error = logbook.error instanceof ApiError ? logbook.error : null;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={pathTo('pilots')} size="sm">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          Tous les pilotes
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          {data && (
            <Text size="sm" c="dimmed">
              Licence {data.pilot.licence_number ?? 'non renseignée'}
            </Text>
          )}
        </Stack>
        <Group gap="xs" align="flex-end">
          <TextInput type="date" label="Du" value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={160} />
          <TextInput type="date" label="Au" value={to} onChange={(e) => setTo(e.currentTarget.value)} w={160} />
          <Button
            component="a"
            href={download('pdf')}
            target="_blank"
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
          >
            PDF
          </Button>
          <Button
            component="a"
            href={download('csv')}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            CSV
          </Button>
        </Group>
      </Group>
      {error && (
        <Text c="red">{error.status === 404 ? "Ce pilote n'existe pas ou a été supprimé." : error.message}</Text>
      )}
      {logbook.isLoading && <Text c="dimmed">Chargement...</Text>}
      {data && (
        <Paper withBorder radius="md" p="md">
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing={6} fz="sm" aria-label="Vols réalisés">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Immatriculation</Table.Th>
                  <Table.Th>Décollage</Table.Th>
                  <Table.Th>Atterrissage</Table.Th>
                  <Table.Th>Durée</Table.Th>
                  <Table.Th>Passagers</Table.Th>
                  <Table.Th>Remarques</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((e) => (
                  <Table.Tr key={e.flight_id}>
                    <Table.Td>
                      <Anchor component={Link} to={pathTo('single-flight', { flightId: e.flight_id })} size="sm">
                        {frenchDate(e.date)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{e.balloon_registration ?? e.balloon_label ?? '—'}</Table.Td>
                    <Table.Td>{place(e.takeoff_place, e.takeoff_time)}</Table.Td>
                    <Table.Td>{place(e.landing_place, e.landing_time)}</Table.Td>
                    <Table.Td>{e.duration === null ? '—' : formatMinutes(e.duration)}</Table.Td>
                    <Table.Td>{e.passengers}</Table.Td>
                    <Table.Td>
                      {[e.remarks, e.incidents ? `Incident : ${e.incidents}` : null].filter(Boolean).join(' · ')}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {data.entries.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text size="sm" c="dimmed">
                        Aucun vol réalisé sur la période.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th
                    colSpan={4}
                  >{`Total : ${data.totals.flights} vol${data.totals.flights > 1 ? 's' : ''}`}</Table.Th>
                  <Table.Th>{formatMinutes(data.totals.minutes)}</Table.Th>
                  <Table.Th>{data.totals.passengers}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}
