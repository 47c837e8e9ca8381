import { createFailedMessage, MESSAGES, updateFailedMessage } from '@app/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { resource } from '../../../api/reads';
import { confirmDelete, FormModal, TextAreaField } from '../../../components';
import { withSeconds } from '../flight-model';
import type { DialogProps } from './flight-form';
import { WhenInputs } from './WhenInputs';

export type PlanningEvent = {
  id: number;
  scheduled_date: string;
  scheduled_time: string;
  title: string;
  description: string | null;
};

/** Planning event/note (date, time and title required), with its delete ('Erreur lors de la suppression'). */
export function EventDialog({
  event,
  day,
  opened,
  onClose,
  onSaved,
}: DialogProps & { event: PlanningEvent | null; day: string }) {
  const [values, setValues] = useState({
    scheduled_date: event?.scheduled_date ?? day,
    scheduled_time: (event?.scheduled_time ?? '').slice(0, 5),
    title: event?.title ?? '',
    description: event?.description ?? '',
  });
  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const remove = async () => {
    if (!event) return;
    const isDeleted = await confirmDelete({
      message: `La note « ${event.title} » sera supprimée.`,
      onConfirm: () => resource('events').remove(event.id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) {
      onSaved();
      onClose();
    }
  };
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={event ? 'Modifier la note' : 'Nouvelle note'}
      failureMessage={event ? updateFailedMessage('event') : createFailedMessage('event')}
      onSubmit={() => {
        const payload = { ...values, scheduled_time: withSeconds(values.scheduled_time) };
        return event ? resource('events').update(event.id, payload) : resource('events').create(payload);
      }}
      onSaved={onSaved}
    >
      <WhenInputs
        inputs={[
          {
            name: 'scheduled_date',
            label: 'Date',
            type: 'date',
            value: values.scheduled_date,
            onChange: set('scheduled_date'),
          },
          {
            name: 'scheduled_time',
            label: 'Heure',
            type: 'time',
            value: values.scheduled_time,
            onChange: set('scheduled_time'),
          },
        ]}
      />
      <TextInput
        name="title"
        label="Titre"
        required
        maxLength={255}
        value={values.title}
        onChange={(e) => set('title')(e.currentTarget.value)}
      />
      <TextAreaField
        name="description"
        label="Description"
        maxLength={5000}
        value={values.description}
        onChange={set('description')}
      />
      {event && (
        <Group>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
            Supprimer la note
          </Button>
        </Group>
      )}
    </FormModal>
  );
}
