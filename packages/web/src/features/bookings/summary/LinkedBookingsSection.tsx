import { type LinkedBooking, MESSAGES } from '@app/domain';
import { ActionIcon, Anchor, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { bookingReads, bookingWrites } from '../../../api/endpoints/bookings';
import { useApiQuery } from '../../../api/hooks';
import { confirmDelete, SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { pathTo } from '../../../lib/routes';
import { useDialog } from '../../../lib/use-dialog';
import type { Booking } from '../booking-model';
import { AddButton, EmptyLine, useBookingSaved } from './booking-summary';

const LinkBookingDialog = lazyDialog(() =>
  import('../dialogs/LinkBookingDialog').then((module) => module.LinkBookingDialog),
);

/** The bookings linked to this one (a group booked apart), linked by search and unlinked one by one. */
export function LinkedBookingsSection({ booking, isEditable }: { booking: Booking; isEditable: boolean }) {
  const id = booking.id;
  const saved = useBookingSaved();
  const dialog = useDialog<'link'>();
  const linked = useApiQuery(bookingReads.linked(id), {
    failure: MESSAGES.linkedBookingsLoadFailed,
  });
  const unlink = async (other: LinkedBooking) => {
    const isDeleted = await confirmDelete({
      message: `La réservation ${other.number} ne sera plus liée à celle-ci.`,
      onConfirm: () => bookingWrites.unlink(other.booking_link_id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) saved('bookings')();
  };
  return (
    <>
      <SummaryCard
        title="Réservations liées"
        actions={<AddButton label="Lier" onClick={() => dialog.open('link')} disabled={!isEditable} />}
      >
        <Stack gap={4}>
          {(linked.data ?? []).map((other) => (
            <Group key={other.id} justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap" miw={0}>
                <Anchor component={Link} to={pathTo('single-booking', { bookingId: other.id })} size="sm" fw={600}>
                  {other.number}
                </Anchor>
                <Text size="sm" c="dimmed" truncate>
                  {[other.referent_passenger?.full_name, `${other.passengers_count} pass.`].filter(Boolean).join(' · ')}
                </Text>
              </Group>
              <Tooltip label="Délier">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={`Délier la réservation ${other.number}`}
                  onClick={() => unlink(other)}
                  disabled={!isEditable}
                >
                  <IconLinkOff size={14} />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          {linked.data?.length === 0 && <EmptyLine>Aucune réservation liée.</EmptyLine>}
        </Stack>
      </SummaryCard>
      {dialog.value === 'link' && (
        <LinkBookingDialog
          key={dialog.key}
          booking={booking}
          linkedIds={(linked.data ?? []).map((b) => b.id)}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved('bookings')}
        />
      )}
    </>
  );
}
