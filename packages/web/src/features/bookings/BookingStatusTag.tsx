import { statusIcon } from '../../app/status-icons';
import { StatusTag } from '../../components';
import { bookingStatusById } from './booking-model';

/** A booking status as its coloured tag with its icon: the booking page's header, the picker of a flight. */
export function BookingStatusTag({ statusId }: { statusId: number }) {
  const status = bookingStatusById(statusId);
  if (!status) return null;
  return (
    <StatusTag color={status.color ?? 'disabled'} icon={statusIcon(status.icon)}>
      {status.label}
    </StatusTag>
  );
}
