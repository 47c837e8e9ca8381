import {
  addDays,
  BOOKING_STATUSES,
  bookingValidityPdfPath,
  EXPIRING_SOON_DAYS,
  type ValidityExtensionRow,
  validityState,
} from '@app/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCash, IconFileCertificate, IconMail, IconMailOff } from '@tabler/icons-react';
import { apiUrl } from '../../api/client';
import { bookingReads } from '../../api/endpoints/bookings';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { StatusTag, SummaryCard } from '../../components';
import { lazyDialog } from '../../components/LazyDialog/lazy-dialog';
import { formatAmount, formatDate } from '../../lib/format';
import { today as operatorToday } from '../../lib/today';
import { useDialog } from '../../lib/use-dialog';
import type { Booking } from './booking-model';

const ExtendValidityDialog = lazyDialog(() =>
  import('./dialogs/ValidityDialogs').then((module) => module.ExtendValidityDialog),
);
const RefundDialog = lazyDialog(() => import('./dialogs/ValidityDialogs').then((module) => module.RefundDialog));

// Issue 12 point 3: a booking's voucher validity. The tag says what expires soon or has lapsed (lists and booking
// page); the card shows the date, 'Prolonger' (N months and a reason, POST /api/bookings/{id}/extend-validity) and
// the extensions recorded so far.
// Issue 29: the weather postponements, 'Remboursement à proposer', 'Rembourser', the validity history (every
// extension, manual or automatic, with its reason, author, date and whether its mail left) and the attestation.

type Extension = ValidityExtensionRow;

/** 'Expire bientôt' within EXPIRING_SOON_DAYS, 'Validité dépassée' once past; nothing for a closed booking. */
export function ValidityTag({
  booking,
  size = 'small',
}: {
  booking: Pick<Booking, 'validity_date' | 'booking_status_id'>;
  size?: 'small' | 'medium';
}) {
  const isOpen =
    booking.booking_status_id === BOOKING_STATUSES.pending.id ||
    booking.booking_status_id === BOOKING_STATUSES.inProgress.id;
  if (!isOpen) return null;
  const state = validityState(booking.validity_date, operatorToday());
  if (state === 'expiring') {
    return (
      <StatusTag size={size} color="warning">
        Expire bientôt
      </StatusTag>
    );
  }
  if (state === 'expired') {
    return (
      <StatusTag size={size} color="danger">
        Validité dépassée
      </StatusTag>
    );
  }
  return null;
}

/** The list filter 'Expire bientôt': open bookings whose validity ends between today and 30 days from now. */
export function expiringSoonFilters(today = operatorToday()) {
  return [
    { field: 'validity_date', op: '>=' as const, value: today },
    { field: 'validity_date', op: '<=' as const, value: addDays(today, EXPIRING_SOON_DAYS) },
    {
      field: 'booking_status_id',
      op: 'in' as const,
      value: [String(BOOKING_STATUSES.pending.id), String(BOOKING_STATUSES.inProgress.id)],
    },
  ];
}

/** What became of an extension's mail to the customer. */
export function mailState(extension: Pick<Extension, 'mail_status' | 'mail_sent_at' | 'rule'>): string {
  switch (extension.mail_status) {
    case 'sent':
      return extension.mail_sent_at
        ? `Email envoyé le ${formatDate(extension.mail_sent_at.slice(0, 10))}`
        : 'Email envoyé';
    case 'pending':
      return "Email en attente d'envoi";
    case 'failed':
      return 'Email non envoyé';
    default:
      return extension.rule ? 'Sans email (aucune adresse)' : 'Sans email';
  }
}

/** The booking's validity history, newest first: what 'Prolonger' and the weather rules wrote. */
export function ValidityHistory({ extensions }: { extensions: Extension[] }) {
  if (extensions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucune prolongation.
      </Text>
    );
  }
  return (
    <Stack gap={6} role="list" aria-label="Historique de validité">
      {extensions.map((e) => {
        const sent = e.mail_status === 'sent';
        return (
          <Stack key={e.id} gap={0} role="listitem">
            <Text size="sm">
              <Text span inherit fw={600}>
                {`+${e.months} mois, jusqu'au ${formatDate(e.validity_date)}`}
              </Text>
              {` — ${e.reason}`}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="xs" c="dimmed">
                {`${formatDate(e.created_at.slice(0, 10))} · ${e.user_name ?? 'Utilisateur supprimé'}`}
              </Text>
              <Group gap={2} wrap="nowrap">
                {sent ? <IconMail size={12} aria-hidden /> : <IconMailOff size={12} aria-hidden />}
                <Text size="xs" c={sent ? undefined : 'dimmed'}>
                  {mailState(e)}
                </Text>
              </Group>
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The booking page's 'Validité du bon' section. */
export function ValidityCard({ booking }: { booking: Booking }) {
  const invalidate = useInvalidate();
  const dialog = useDialog<'extend' | 'refund'>();
  const extensions = useApiQuery(bookingReads.validityExtensions(booking.id), {
    failure: 'Le chargement des prolongations a échoué',
  });
  const isClosed =
    booking.booking_status_id === BOOKING_STATUSES.completed.id ||
    booking.booking_status_id === BOOKING_STATUSES.canceled.id;
  const isRefunded = Boolean(booking.refunded_on);
  const postponements = booking.weather_postponements ?? 0;
  const saved = () => {
    void invalidate('booking-validity-extensions', 'bookings', 'booking-notes');
  };
  return (
    <SummaryCard
      title="Validité du bon"
      actions={
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconCalendarPlus size={14} aria-hidden />}
          onClick={() => dialog.open('extend')}
          disabled={isClosed}
        >
          Prolonger
        </Button>
      }
    >
      <Stack gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {booking.validity_date ? `Valable jusqu'au ${formatDate(booking.validity_date)}` : 'Sans date de validité'}
          </Text>
          <ValidityTag booking={booking} />
        </Group>
        <Text size="sm">
          {postponements === 0 ? 'Aucun report météo' : `${postponements} report${postponements > 1 ? 's' : ''} météo`}
        </Text>
        {booking.refund_to_offer === 1 && !isRefunded && (
          <Alert color="orange" p="xs" title="Remboursement à proposer">
            <Text size="sm">{`${postponements} reports météo : proposez au client le remboursement de son bon.`}</Text>
          </Alert>
        )}
        {isRefunded && (
          <Text size="sm" fw={600}>
            {`Remboursée de ${formatAmount(booking.refunded_amount)} le ${formatDate(booking.refunded_on)}`}
          </Text>
        )}
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} mt={4}>
          Historique de validité
        </Text>
        {extensions.data && <ValidityHistory extensions={extensions.data} />}
        <Group gap="xs" mt={4}>
          <Button
            component="a"
            href={apiUrl(bookingValidityPdfPath(booking.id))}
            download={`attestation-validite-${booking.number}.pdf`}
            variant="default"
            size="compact-sm"
            leftSection={<IconFileCertificate size={14} aria-hidden />}
          >
            Attestation de validité
          </Button>
          {!isRefunded && booking.booking_status_id !== BOOKING_STATUSES.completed.id && (
            <Button
              variant="subtle"
              size="compact-sm"
              color={booking.refund_to_offer === 1 ? 'orange' : undefined}
              leftSection={<IconCash size={14} aria-hidden />}
              onClick={() => dialog.open('refund')}
            >
              Rembourser
            </Button>
          )}
        </Group>
      </Stack>
      {dialog.value === 'extend' && (
        <ExtendValidityDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved}
        />
      )}
      {dialog.value === 'refund' && (
        <RefundDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved}
        />
      )}
    </SummaryCard>
  );
}
