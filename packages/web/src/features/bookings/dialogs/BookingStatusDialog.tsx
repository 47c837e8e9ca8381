import { BOOKING_STATUSES, LIST_LOAD_FAILED_MESSAGES, MESSAGES } from '@app/domain';
import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { bookingReads } from '../../../api/endpoints/bookings';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { FormModal, StatusTag, statusIcon } from '../../../components';
import type { BookingDialogProps } from './booking-dialog';

/** Booking status: any listed status, the list read from the server. */
export function BookingStatusDialog({ booking, opened, onClose, onSaved }: BookingDialogProps) {
  const [statusId, setStatusId] = useState(String(booking.booking_status_id));
  const statuses = useApiQuery(bookingReads.statuses, {
    failure: LIST_LOAD_FAILED_MESSAGES.bookingStatuses,
    enabled: opened,
  });
  const definitionOf = (slug: string) => Object.values(BOOKING_STATUSES).find((s) => s.slug === slug);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Statut de la réservation"
      size="sm"
      failureMessage={MESSAGES.statusUpdateFailed}
      onSubmit={() => resource('bookings').update(booking.id, { booking_status_id: Number(statusId) })}
      onSaved={onSaved}
    >
      <Radio.Group name="booking_status_id" label="Statut" required value={statusId} onChange={setStatusId}>
        <Stack gap="xs" mt="xs">
          {(statuses.data ?? []).map((status) => {
            const definition = definitionOf(status.slug);
            return (
              <Radio
                key={status.id}
                value={String(status.id)}
                label={
                  <StatusTag
                    color={definition?.color ?? 'disabled'}
                    icon={definition ? statusIcon(definition.icon) : undefined}
                  >
                    {status.label}
                  </StatusTag>
                }
              />
            );
          })}
        </Stack>
      </Radio.Group>
    </FormModal>
  );
}
