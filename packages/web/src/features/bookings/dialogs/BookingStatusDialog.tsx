import { BOOKING_STATUSES, LIST_LOAD_FAILED_MESSAGES, MESSAGES } from '@app/domain';
import { Radio, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client';
import { useFailureNotice } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { statusIcon } from '../../../app/status-icons';
import { FormModal, StatusTag } from '../../../components';
import type { BookingDialogProps } from './booking-dialog';

type StatusRow = { id: number; slug: string; label: string };

/** Booking status: any listed status, the list read from the server. */
export function BookingStatusDialog({ booking, opened, onClose, onSaved }: BookingDialogProps) {
  const [statusId, setStatusId] = useState(String(booking.booking_status_id));
  // The booking statuses have no contract in the data layer yet: read and keyed here as the select fields do.
  const statuses = useQuery({
    queryKey: ['/api/booking-statutes', 'options'],
    queryFn: ({ signal }) => api.list<StatusRow>('/api/booking-statutes', {}, signal),
    enabled: opened,
  });
  useFailureNotice(LIST_LOAD_FAILED_MESSAGES.bookingStatuses, statuses);
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
