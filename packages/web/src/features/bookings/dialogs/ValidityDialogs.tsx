import { BOUNDS, MAX_VALIDITY_MONTHS } from '@app/domain';
import { NumberInput, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { bookingWrites } from '../../../api/endpoints/bookings';
import { FlagSwitch, FormModal, useFieldError } from '../../../components';
import { FrenchDateInput } from '../../../components/FrenchDateInput/FrenchDateInput';
import { formatDate } from '../../../lib/format';
import { today as operatorToday } from '../../../lib/today';
import type { Booking } from '../booking-model';

// The voucher validity card's two dialogs: 'Prolonger' (N months and a reason) and 'Rembourser' (date and amount).

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
