import { type ComplianceItem, flightRecordPdfPath, MAX_PASSENGERS_SINGLE_CREW } from '@app/domain';
import { Alert, Anchor, Button, Checkbox, Code, List, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, apiUrl } from '../../api/client';
import { flightReads, flightWrites } from '../../api/endpoints/flights';
import { useApiQuery } from '../../api/hooks';
import { FormModal, notifyFailure, notifySuccess, SummaryCard } from '../../components';
import { HoverTooltip } from '../../components/HoverTooltip/HoverTooltip';
import { formatStamp } from '../../lib/format';

// The regulator's flight file on the flight page (issue 30): the warnings of the flight's day (pilot currency,
// licence, medical, balloon inspection, fuel, crew), and the sealed record ('Clôturer le dossier de vol', its
// versions with their SHA-256, each downloaded as stored, a correction opened with its reason).

/** The warnings of `append=compliance`: red for a broken rule, orange for what is not known. Nothing when none. */
export function ComplianceAlert({
  items,
  title = 'Dossier de vol : points à vérifier',
}: {
  items?: ComplianceItem[];
  title?: string;
}) {
  if (!items || items.length === 0) return null;
  const hasError = items.some((i) => i.severity === 'error');
  return (
    <Alert
      color={hasError ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title}
      role="region"
      aria-label={title}
    >
      <List size="sm" spacing={2}>
        {items.map((item) => (
          <List.Item key={`${item.code}-${item.message}`} data-code={item.code}>
            {item.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The compact mark of a planning card or a dashboard row: a warning icon naming every warning. */
export function ComplianceMark({ items }: { items?: ComplianceItem[] }) {
  if (!items || items.length === 0) return null;
  const hasError = items.some((i) => i.severity === 'error');
  const label = items.map((i) => i.message).join(' ');
  return (
    <HoverTooltip
      label={
        <Stack gap={2}>
          {items.map((i) => (
            <Text key={i.message} size="xs">
              {i.message}
            </Text>
          ))}
        </Stack>
      }
      multiline
      w={320}
    >
      <IconAlertTriangle
        size={16}
        color={hasError ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-orange-7)'}
        aria-label={`Dossier de vol : ${label}`}
        role="img"
        data-testid="compliance-mark"
      />
    </HoverTooltip>
  );
}

/** The warnings as short lines (a planning card, a dashboard row): why the flight needs a look. */
export function ComplianceLines({ items, maxWidth }: { items?: ComplianceItem[]; maxWidth?: number }) {
  if (!items || items.length === 0) return null;
  return (
    <Stack gap={2} role="list" aria-label="Dossier de vol : points à vérifier" maw={maxWidth}>
      {items.map((item) => (
        <Text
          key={`${item.code}-${item.message}`}
          role="listitem"
          size="xs"
          // Small text on a card or a highlighted row: red.9 and dark keep 4.5:1 there (red.8 and orange.9 did
          // not), the icon carries the warning's orange.
          c={item.severity === 'error' ? 'red.9' : 'dark.6'}
          data-code={item.code}
        >
          <IconAlertTriangle
            size={12}
            aria-hidden
            color={item.severity === 'error' ? undefined : 'var(--mantine-color-orange-7)'}
            style={{ verticalAlign: 'middle', marginRight: 4 }}
          />
          {item.message}
        </Text>
      ))}
    </Stack>
  );
}

/** Whether the flight's record is sealed (no correction open): the page then offers no edit the server would refuse. */
export function useIsFlightSealed(flightId: number): boolean {
  // A page that cannot read it offers the edits; the server still refuses them on a sealed flight.
  const records = useApiQuery(flightReads.records(flightId), { failure: null });
  return records.data?.sealed === true;
}

/**
 * 'Dossier de vol': seals a realized, complete flight (409 answers name what is missing, shown here), lists the
 * versions with their hash and download, and opens a correction with its reason.
 */
export function FlightRecordsCard({
  flightId,
  isRealized,
  onChanged,
}: {
  flightId: number;
  isRealized: boolean;
  onChanged: () => void;
}) {
  const records = useApiQuery(flightReads.records(flightId), { failure: null });
  const [problem, setProblem] = useState<string | null>(null);
  const [isSealing, setIsSealing] = useState(false);
  const [isCorrecting, setIsCorrecting] = useState(false);
  const [reason, setReason] = useState('');
  const data = records.data;
  const latest = data?.records[0];

  const seal = async () => {
    setProblem(null);
    setIsSealing(true);
    try {
      const record = await flightWrites.sealRecord(flightId);
      notifySuccess(`Dossier de vol clôturé (version ${record.version})`);
      await records.refetch();
      onChanged();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'La clôture du dossier de vol a échoué.');
    } finally {
      setIsSealing(false);
    }
  };

  return (
    <SummaryCard
      title="Dossier de vol"
      actions={
        data?.sealed ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconLockOpen size={14} aria-hidden />}
            onClick={() => {
              setReason('');
              setIsCorrecting(true);
            }}
          >
            Ouvrir une correction
          </Button>
        ) : (
          <Button
            size="compact-sm"
            leftSection={<IconLock size={14} aria-hidden />}
            onClick={seal}
            loading={isSealing}
            disabled={!isRealized || records.isLoading}
          >
            Clôturer le dossier de vol
          </Button>
        )
      }
    >
      <Stack gap="xs">
        {data?.sealed && latest && (
          <Text size="sm">
            Clôturé, version {latest.version} : le vol, ses inscriptions et ses masses ne peuvent plus être modifiés.
          </Text>
        )}
        {data && !data.sealed && data.correction_reason && (
          <Text size="sm" c="orange.9">
            Correction ouverte : « {data.correction_reason} ». Clôturez à nouveau pour enregistrer la version{' '}
            {(latest?.version ?? 0) + 1}.
          </Text>
        )}
        {data && data.records.length === 0 && (
          <Text size="sm" c="dimmed">
            {isRealized
              ? 'Pas encore clôturé : une fois le compte rendu complet, clôturez le dossier pour le conserver tel quel.'
              : 'Le dossier se clôture une fois le vol réalisé et son compte rendu complet.'}
          </Text>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {problem}
          </Alert>
        )}
        {data && data.records.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table fz="sm" verticalSpacing={4} aria-label="Versions du dossier de vol">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>Clôturée le</Table.Th>
                  <Table.Th>Empreinte SHA-256</Table.Th>
                  <Table.Th>PDF</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.records.map((record) => (
                  <Table.Tr key={record.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        v{record.version}
                      </Text>
                      {record.reason && (
                        <Text size="xs" c="dimmed">
                          Motif : {record.reason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {formatStamp(record.created_at)}
                      {record.user_name && (
                        <Text size="xs" c="dimmed">
                          {record.user_name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Code style={{ wordBreak: 'break-all' }} data-testid="record-sha256">
                        {record.sha256}
                      </Code>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        href={apiUrl(flightRecordPdfPath(flightId, record.id))}
                        download
                        aria-label={`Télécharger la version ${record.version} du dossier de vol`}
                      >
                        <IconDownload size={16} aria-hidden />
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <FormModal
        opened={isCorrecting}
        onClose={() => setIsCorrecting(false)}
        title="Ouvrir une correction du dossier de vol"
        failureMessage={(error) =>
          error instanceof ApiError ? error.message : 'La correction n’a pas pu être ouverte.'
        }
        submitLabel="Ouvrir la correction"
        onSubmit={() => flightWrites.openCorrection(flightId, reason)}
        onSaved={() => {
          void records.refetch();
          onChanged();
        }}
      >
        {({ errors }) => (
          <Stack gap="sm">
            <Text size="sm">
              La version clôturée reste conservée telle quelle. Le vol redevient modifiable jusqu’à la prochaine
              clôture, qui enregistrera une nouvelle version liée à celle-ci avec ce motif.
            </Text>
            <Textarea
              label="Motif de la correction"
              name="reason"
              required
              maxLength={1000}
              autosize
              minRows={3}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
            />
          </Stack>
        )}
      </FormModal>
    </SummaryCard>
  );
}

/**
 * Who flies in the basket (GET/PUT /api/flights/{id}/crew): the pilot and the teammates ticked 'à bord'; the others
 * are the retrieve crew on the ground. Past 19 passengers a second crew member must be on board: only those ticked
 * count. Shown when the flight has teammates; read-only when the flight cannot change (sealed, realized...).
 */
export function CrewOnBoardCard({
  flightId,
  isEditable,
  onChanged,
}: {
  flightId: number;
  isEditable: boolean;
  onChanged: () => void;
}) {
  // Without it the card is not shown: the flight's other sections say what failed.
  const crew = useApiQuery(flightReads.crew(flightId), { failure: null });
  const [isSaving, setSaving] = useState(false);
  const data = crew.data;
  if (!data || data.teammates.length === 0) return null;
  const onBoard = data.teammates.filter((t) => t.on_board === 1);
  const toggle = async (id: number, isOnBoard: boolean) => {
    const ids = data.teammates.filter((t) => (t.id === id ? isOnBoard : t.on_board === 1)).map((t) => t.id);
    setSaving(true);
    try {
      await flightWrites.saveCrew(flightId, ids);
      await crew.refetch();
      onChanged();
    } catch (error) {
      const message =
        error instanceof ApiError && (error.status === 409 || error.status === 422) && error.body?.message
          ? error.body.message
          : "L'équipage à bord n'a pas pu être enregistré";
      notifyFailure(message, error);
    } finally {
      setSaving(false);
    }
  };
  const { crew: check } = data;
  return (
    <SummaryCard title="Équipage à bord">
      <Stack gap={6}>
        <Text size="sm">
          {`À bord : le pilote${onBoard.length > 0 ? ` et ${onBoard.map((t) => t.full_name).join(', ')}` : ' seul'} (${check.crew_on_board} membre${check.crew_on_board > 1 ? 's' : ''} d'équipage pour ${check.passengers_count} passager${check.passengers_count > 1 ? 's' : ''}). Les équipiers non cochés sont l'équipe de récupération au sol.`}
        </Text>
        {data.teammates.map((t) => (
          <Checkbox
            key={t.id}
            label={`${t.full_name} à bord`}
            checked={t.on_board === 1}
            disabled={!isEditable || isSaving}
            onChange={(event) => void toggle(t.id, event.currentTarget.checked)}
          />
        ))}
        {!check.is_ok && (
          <Text size="sm" c="red">
            {`Au-delà de ${MAX_PASSENGERS_SINGLE_CREW} passagers, cochez un second membre d'équipage à bord.`}
          </Text>
        )}
      </Stack>
    </SummaryCard>
  );
}
