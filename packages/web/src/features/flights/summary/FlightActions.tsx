import { flightPath } from '@app/domain';
import { Button, Group } from '@mantine/core';
import { IconCopy, IconMail } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client';
import { confirmAccept, notifyFailure, notifySuccess } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { pathTo } from '../../../lib/routes';
import { useDialog } from '../../../lib/use-dialog';
import type { Flight } from '../flight-model';
import { useFlightBookings, useFlightChanged } from './flight-summary';

const DuplicateFlightDialog = lazyDialog(() =>
  import('../dialogs/DuplicateFlightDialog').then((module) => module.DuplicateFlightDialog),
);

/** The summary's actions: convoke the passengers, duplicate the flight (then open the copy). */
export function FlightActions({ flight }: { flight: Flight }) {
  const id = flight.id;
  const bookings = useFlightBookings(id);
  const changed = useFlightChanged();
  const navigate = useNavigate();
  const dialog = useDialog<'duplicate'>();
  // Issue 10: one convocation per registered booking, to its referent (or customer); those without an address
  // are named so staff can call them.
  const convoke = async () => {
    const count = (bookings.data ?? []).length;
    const isConfirmed = await confirmAccept({
      title: 'Convoquer les passagers',
      message: `Une convocation sera envoyée pour chacune des ${count} réservation${count > 1 ? 's' : ''} de ce vol.`,
    });
    if (!isConfirmed) return;
    try {
      const result = await api.post<{ queued: number; skipped: { number: string }[] }>(
        `${flightPath(id)}/convocations`,
      );
      notifySuccess(
        `${result.queued} convocation${result.queued > 1 ? 's' : ''} envoyée${result.queued > 1 ? 's' : ''}`,
      );
      if (result.skipped.length) {
        notifyFailure(`Sans adresse email : ${result.skipped.map((b) => b.number).join(', ')}`);
      }
    } catch (error) {
      notifyFailure("L'envoi des convocations a échoué", error);
    }
  };
  return (
    <>
      <Group justify="flex-end" gap="xs">
        <Button
          variant="default"
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={convoke}
          disabled={(bookings.data ?? []).length === 0}
        >
          Convoquer les passagers
        </Button>
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() => dialog.open('duplicate')}
        >
          Dupliquer
        </Button>
      </Group>
      {dialog.value === 'duplicate' && (
        <DuplicateFlightDialog
          key={dialog.key}
          flight={flight}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={(copy) => {
            changed();
            const copyId = (copy as { id?: number } | undefined)?.id;
            if (copyId) navigate(pathTo('single-flight', { flightId: copyId }));
          }}
        />
      )}
    </>
  );
}
