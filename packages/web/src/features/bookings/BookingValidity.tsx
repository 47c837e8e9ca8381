import { BOOKING_STATUSES, EXPIRING_SOON_DAYS, localDate, MAX_VALIDITY_MONTHS, validityState } from '@app/domain';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/client';
import { FormModal, StatusTag, SummaryCard, useFieldError, useRefreshDataList } from '../../components';
import { useDialog } from '../../lib/use-dialog';
import { useNotifiedList } from '../../lib/use-notified-query';
import { BOOKINGS_ENDPOINT, type Booking, formatDate } from './booking-model';

// Issue 12 point 3: a booking's voucher validity. The tag says what expires soon or has lapsed (lists and booking
// page); the card shows the date, 'Prolonger' (N months and a reason, POST /api/bookings/{id}/extend-validity) and
// the extensions recorded so far.

const EXTENSIONS_ENDPOINT = '/api/booking-validity-extensions';

type Extension = {
  id: number;
  months: number;
  reason: string;
  previous_validity_date: string | null;
  validity_date: string;
  user_name: string | null;
  created_at: string;
};

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
  const state = validityState(booking.validity_date, localDate());
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
export function expiringSoonFilters(today = localDate()) {
  const until = new Date(`${today}T00:00:00Z`);
  until.setUTCDate(until.getUTCDate() + EXPIRING_SOON_DAYS);
  return [
    { field: 'validity_date', op: '>=' as const, value: today },
    { field: 'validity_date', op: '<=' as const, value: until.toISOString().slice(0, 10) },
    {
      field: 'booking_status_id',
      op: 'in' as const,
      value: [String(BOOKING_STATUSES.pending.id), String(BOOKING_STATUSES.inProgress.id)],
    },
  ];
}

function MonthsInput({ value, onChange }: { value: number | string; onChange: (v: number | string) => void }) {
  const error = useFieldError('months');
  return (
    <NumberInput
      name="months"
      label="Nombre de mois"
      required
      min={1}
      max={MAX_VALIDITY_MONTHS}
      step={1}
      allowDecimal={false}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

function ReasonInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const error = useFieldError('reason');
  return (
    <TextInput
      name="reason"
      label="Motif"
      required
      maxLength={500}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}

export function ExtendValidityDialog({
  booking,
  opened,
  onClose,
  onSaved,
}: {
  booking: Pick<Booking, 'id' | 'validity_date'>;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [months, setMonths] = useState<number | string>(3);
  const [reason, setReason] = useState('');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Prolonger la validité"
      failureMessage="La prolongation a échoué"
      successMessage="Validité prolongée"
      onSubmit={() =>
        api.post(`${BOOKINGS_ENDPOINT}/${booking.id}/extend-validity`, {
          months: Number(months),
          reason: reason.trim(),
        })
      }
      onSaved={onSaved}
    >
      <Text size="sm">
        {booking.validity_date
          ? `Valable aujourd'hui jusqu'au ${formatDate(booking.validity_date)}.`
          : "Sans date de validité : la prolongation part de la date d'achat."}
      </Text>
      <MonthsInput value={months} onChange={setMonths} />
      <ReasonInput value={reason} onChange={setReason} />
    </FormModal>
  );
}

/** The booking page's 'Validité du bon' section. */
export function ValidityCard({ booking }: { booking: Booking }) {
  const refresh = useRefreshDataList();
  const dialog = useDialog<'extend'>();
  const extensions = useNotifiedList<Extension>(
    [EXTENSIONS_ENDPOINT, 'of-booking', booking.id],
    (signal) =>
      api.list<Extension>(
        EXTENSIONS_ENDPOINT,
        {
          filters: [{ field: 'booking_id', op: '=', value: String(booking.id) }],
          order: [{ field: 'created_at', direction: 'DESC' }],
        },
        signal,
      ),
    'Le chargement des prolongations a échoué',
  );
  const isClosed =
    booking.booking_status_id === BOOKING_STATUSES.completed.id ||
    booking.booking_status_id === BOOKING_STATUSES.canceled.id;
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
        {(extensions.data ?? []).length > 0 && (
          <Stack gap={4} role="list" aria-label="Prolongations">
            {(extensions.data ?? []).map((e) => (
              <Text key={e.id} size="sm" role="listitem">
                {`${formatDate(e.created_at.slice(0, 10))} : +${e.months} mois, jusqu'au ${formatDate(e.validity_date)} — ${e.reason}${e.user_name ? ` (${e.user_name})` : ''}`}
              </Text>
            ))}
          </Stack>
        )}
        {extensions.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Aucune prolongation.
          </Text>
        )}
      </Stack>
      {dialog.value && (
        <ExtendValidityDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={() => {
            void refresh(EXTENSIONS_ENDPOINT);
            void refresh(BOOKINGS_ENDPOINT);
            void refresh('/api/booking-notes');
          }}
        />
      )}
    </SummaryCard>
  );
}
