import { frenchDate, MESSAGES } from '@app/domain';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalculator, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isNotFound } from '../../api/client';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import { confirmDelete } from '../../components';
import {
  deleteFailureMessage,
  formatFlag,
  formatNumber,
  NameWithDefault,
  ReferenceFormDialog,
} from '../../components/ReferenceData';
import { visibleSections } from '../../components/ReferenceData/form-values';
import type { FormField } from '../../components/ReferenceData/types';
import { usePageTitle } from '../../lib/page-title';
import { pathTo } from '../../lib/routes';
import { useMe } from '../../session/store';
import { BalloonTechnicalLog } from './BalloonTechnicalLog';
import { type Balloon, balloonsConfig } from './balloons.config';
import { TakeoffMassCalculatorDialog } from './TakeoffMassCalculatorDialog';

// balloons/{balloonId}/summary: the balloon's data, its flights count (GET /api/balloons/{id}?count=flights),
// its edit dialog and the maximum takeoff mass calculator.

function displayValue(field: FormField, value: unknown): string {
  if (field.kind === 'switch') return formatFlag(value);
  if (field.kind === 'number') return formatNumber(value) || '—';
  if (field.kind === 'date' && typeof value === 'string' && value) return frenchDate(value);
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

// French: 0 and 1 take the singular.
const flightsLabel = (count: number) => (count <= 1 ? `${count} vol` : `${count} vols`);

type DialogKind = 'edit' | 'calculator' | null;

const balloons = resource<Balloon>('balloons');

export default function BalloonSummaryPage() {
  const balloonId = Number(useParams().balloonId);
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { settings } = useMe();
  const [dialog, setDialog] = useState<{ kind: DialogKind; key: number }>({ kind: null, key: 0 });
  const open = (kind: DialogKind) => setDialog((current) => ({ kind, key: current.key + 1 }));
  const close = () => setDialog((current) => ({ ...current, kind: null }));

  const result = useApiQuery(balloons.one(balloonId, { count: ['flights'] }), {
    failure: (error) => (isNotFound(error) ? null : MESSAGES.balloonLoadFailed),
  });
  // The page's title is the balloon's label, not the route's generic 'Ballon'.
  usePageTitle(result.data?.label ?? null);
  const isMissing = isNotFound(result.error);

  const back = (
    <Anchor component={Link} to={pathTo('balloons')} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        Tous les ballons
      </Group>
    </Anchor>
  );

  const balloon = result.data;
  if (!balloon) {
    return (
      <Stack gap="sm">
        {back}
        {isMissing && <Text>Ce ballon n'existe pas ou a été supprimé.</Text>}
        {result.isError && !isMissing && <Text c="red">{MESSAGES.balloonLoadFailed}</Text>}
        {result.isLoading && <Text c="dimmed">Chargement...</Text>}
      </Stack>
    );
  }

  const remove = async () => {
    const isDeleted = await confirmDelete({
      message: balloonsConfig.deleteMessage(balloon),
      onConfirm: () => balloons.remove(balloon.id),
      failureMessage: deleteFailureMessage,
    });
    if (!isDeleted) return;
    await invalidate('balloons');
    navigate(pathTo('balloons'));
  };

  const flightsCount = balloon.flights_count ?? 0;

  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            <NameWithDefault name={balloon.label} isDefault={balloon.is_default} />
          </Title>
          <Text c="dimmed" size="sm">
            {[balloon.registration_number, balloon.type].filter(Boolean).join(' · ') || 'Sans immatriculation'}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button leftSection={<IconCalculator size={16} aria-hidden />} onClick={() => open('calculator')}>
            Calculateur de masse
          </Button>
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => open('edit')}>
            Modifier
          </Button>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
            Supprimer
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        <Paper withBorder p="md" radius="md" role="group" aria-label="Vols">
          <Text size="sm" c="dimmed">
            Vols avec ce ballon
          </Text>
          <Text fz="h2" fw={700}>
            {flightsLabel(flightsCount)}
          </Text>
        </Paper>
        {visibleSections(balloonsConfig.sections, settings).map((section) => (
          <Paper key={section.title} withBorder p="md" radius="md" role="group" aria-label={section.title}>
            <Title order={3} fz="md" mb="xs">
              {section.title}
            </Title>
            <Stack gap={6} component="dl" m={0}>
              {section.fields
                .filter((field) => field.name !== 'label')
                .map((field) => (
                  <Group key={field.name} justify="space-between" gap="sm" wrap="nowrap" align="baseline">
                    <Text component="dt" size="sm" c="dimmed">
                      {field.label}
                    </Text>
                    <Text component="dd" size="sm" fw={500} m={0} ta="right">
                      {displayValue(field, balloon[field.name as keyof Balloon])}
                    </Text>
                  </Group>
                ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>

      <BalloonTechnicalLog balloonId={balloon.id} />

      <ReferenceFormDialog<Balloon>
        key={`edit-${dialog.key}`}
        config={balloonsConfig}
        record={balloon}
        opened={dialog.kind === 'edit'}
        onClose={close}
        onSaved={() => invalidate('balloons')}
      />
      <TakeoffMassCalculatorDialog
        key={`calculator-${dialog.key}`}
        balloon={balloon}
        opened={dialog.kind === 'calculator'}
        onClose={close}
      />
    </Stack>
  );
}
