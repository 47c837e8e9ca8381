import {
  addDays,
  BOOKING_STATUSES,
  BOUNDS,
  bookingValidityPdfPath,
  EXPIRING_SOON_DAYS,
  MAX_VALIDITY_MONTHS,
  type ValidityExtensionRow,
  validityState,
} from '@app/domain';
import { Alert, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus, IconCash, IconFileCertificate, IconMail, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { apiUrl } from '../../api/client';
import { bookingReads, bookingWrites } from '../../api/endpoints/bookings';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { FlagSwitch, FormModal, StatusTag, SummaryCard, useFieldError } from '../../components';
import { FrenchDateInput } from '../../components/FrenchDateInput/FrenchDateInput';
import { formatAmount, formatDate } from '../../lib/format';
import { today as operatorToday } from '../../lib/today';
import { useDialog } from '../../lib/use-dialog';
import type { Booking } from './booking-model';

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
  // Issue 29: the customer gets the extension in writing unless staff say otherwise.
  const [sendMail, setSendMail] = useState<0 | 1>(1);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Prolonger la validité"
      failureMessage="La prolongation a échoué"
      successMessage="Validité prolongée"
      onSubmit={() =>
        bookingWrites.extendValidity(booking.id, {
          months: Number(months),
          reason: reason.trim(),
          send_mail: sendMail,
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
      <FlagSwitch
        label="Envoyer la prolongation au client par email"
        description="Modèle « Prolongation de validité », au passager référent (sinon au client)."
        value={sendMail}
        onChange={(flag) => setSendMail(flag === 1 ? 1 : 0)}
      />
    </FormModal>
  );
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

export function RefundDialog({
  booking,
  opened,
  onClose,
  onSaved,
}: {
  booking: Pick<Booking, 'id' | 'paid_amount' | 'total_amount'>;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [date, setDate] = useState<string | null>(operatorToday());
  const [amount, setAmount] = useState<number | string>(booking.paid_amount ?? booking.total_amount ?? '');
  const dateError = useFieldError('refunded_on');
  const amountError = useFieldError('amount');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Rembourser la réservation"
      failureMessage="Le remboursement a échoué"
      successMessage="Remboursement enregistré"
      onSubmit={() =>
        bookingWrites.refund(booking.id, {
          refunded_on: date ?? '',
          amount: amount === '' ? null : Number(amount),
        })
      }
      onSaved={onSaved}
    >
      <Text size="sm">La réservation sera annulée et le remboursement inscrit à son historique.</Text>
      <FrenchDateInput
        name="refunded_on"
        label="Date du remboursement"
        required
        value={date}
        onChange={(value) => setDate(typeof value === 'string' ? value : null)}
        error={dateError}
      />
      <NumberInput
        name="amount"
        label="Montant remboursé (€)"
        required
        min={0.01}
        max={BOUNDS.amount.max}
        step={0.01}
        decimalScale={2}
        decimalSeparator=","
        value={amount}
        onChange={setAmount}
        error={amountError}
      />
    </FormModal>
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
