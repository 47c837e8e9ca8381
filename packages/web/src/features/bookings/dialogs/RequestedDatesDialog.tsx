import { MESSAGES } from '@app/domain';
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import type { BookingDialogProps } from './booking-dialog';

/** Add requested dates: several at once, each required, duplicates sent once. */
export function RequestedDatesDialog({
  booking,
  existing,
  opened,
  onClose,
  onSaved,
}: BookingDialogProps & { existing: string[] }) {
  // Each line keeps its own id: removing one must not shift the values typed in the others.
  const [lines, setLines] = useState([{ id: 0, date: '' }]);
  const setAt = (id: number, date: string) =>
    setLines((current) => current.map((line) => (line.id === id ? { id, date } : line)));
  const dates = lines.map((line) => line.date);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Ajouter des dates souhaitées"
      size="sm"
      failureMessage={MESSAGES.dateAddFailed}
      successMessage={MESSAGES.dateAdded}
      onSubmit={async () => {
        const distinct = [...new Set(dates.filter(Boolean))].filter((date) => !existing.includes(date));
        for (const date of distinct) await resource('requested-dates').create({ date, booking_id: booking.id });
      }}
      onSaved={onSaved}
    >
      <Stack gap="xs">
        {lines.map(({ id, date }, index) => (
          <Group key={id} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              type="date"
              name={`date-${index}`}
              label={index === 0 ? 'Dates' : undefined}
              aria-label={`Date ${index + 1}`}
              required
              value={date}
              onChange={(event) => setAt(id, event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            {lines.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Retirer la date ${index + 1}`}
                onClick={() => setLines((current) => current.filter((line) => line.id !== id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setLines((current) => [...current, { id: Math.max(...current.map((l) => l.id)) + 1, date: '' }])
          }
          style={{ alignSelf: 'flex-start' }}
          disabled={lines.length >= 30}
        >
          Une autre date
        </Button>
      </Stack>
    </FormModal>
  );
}
