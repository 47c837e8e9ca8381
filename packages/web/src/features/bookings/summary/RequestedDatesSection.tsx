import { MESSAGES } from '@app/domain';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { confirmDelete, SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { formatDate } from '../../../lib/format';
import { useDialog } from '../../../lib/use-dialog';
import type { Booking } from '../booking-model';
import { AddButton, EmptyLine, useBookingSaved } from './booking-summary';

const RequestedDatesDialog = lazyDialog(() =>
  import('../dialogs/RequestedDatesDialog').then((module) => module.RequestedDatesDialog),
);

/** The dates the customer asked to fly on, added several at once and removed one by one. */
export function RequestedDatesSection({ booking, isEditable }: { booking: Booking; isEditable: boolean }) {
  const id = booking.id;
  const saved = useBookingSaved();
  const dialog = useDialog<'dates'>();
  const dates = useApiQuery(
    resource('requested-dates').list<{ id: number; date: string }>({
      filters: [{ field: 'booking_id', op: '=', value: String(id) }],
      order: [{ field: 'date', direction: 'ASC' }],
    }),
    { failure: MESSAGES.requestedDatesLoadFailed },
  );
  const removeDate = async (dateId: number, date: string) => {
    const isDeleted = await confirmDelete({
      message: `La date souhaitée du ${formatDate(date)} sera retirée.`,
      onConfirm: () => resource('requested-dates').remove(dateId),
      failureMessage: MESSAGES.deleteFailed,
      successMessage: 'Date retirée',
    });
    if (isDeleted) saved('requested-dates')();
  };
  return (
    <>
      <SummaryCard
        title="Dates souhaitées"
        actions={<AddButton label="Ajouter" onClick={() => dialog.open('dates')} disabled={!isEditable} />}
      >
        <Stack gap={4}>
          {(dates.data ?? []).map((d) => (
            <Group key={d.id} justify="space-between" gap="xs">
              <Text size="sm">{formatDate(d.date)}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={`Retirer la date du ${formatDate(d.date)}`}
                onClick={() => removeDate(d.id, d.date)}
                disabled={!isEditable}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          ))}
          {dates.data?.length === 0 && <EmptyLine>Aucune date souhaitée.</EmptyLine>}
        </Stack>
      </SummaryCard>
      {dialog.value === 'dates' && (
        <RequestedDatesDialog
          key={dialog.key}
          booking={booking}
          existing={(dates.data ?? []).map((d) => d.date)}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved('requested-dates')}
        />
      )}
    </>
  );
}
