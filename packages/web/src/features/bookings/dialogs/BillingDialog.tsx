import { MESSAGES } from '@app/domain';
import { Text } from '@mantine/core';
import { resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import { type FieldValue, FormSections, toPayload } from '../../../components/ReferenceData';
import { useMe } from '../../../session/store';
import { BILLING_SECTIONS } from '../booking-forms';
import { type BookingDialogProps, useFormValues } from './booking-dialog';

/** Remaining = total − paid, recomputed as either is typed (still editable: a discount, a refund...). */
export const remainingOf = (total: FieldValue, paid: FieldValue): string => {
  const t = Number(typeof total === 'string' ? total : '');
  const p = Number(typeof paid === 'string' ? paid : '');
  if (typeof total !== 'string' || total.trim() === '' || !Number.isFinite(t)) return '';
  const remaining = Math.max(0, Math.round((t - (Number.isFinite(p) ? p : 0)) * 100) / 100);
  return String(remaining);
};

export function BillingDialog({ booking, opened, onClose, onSaved }: BookingDialogProps) {
  const { settings } = useMe();
  const { values, setValues, set } = useFormValues(BILLING_SECTIONS, booking);
  const setAmount = (name: 'total_amount' | 'paid_amount') => (value: FieldValue) =>
    setValues((current) => {
      const next = { ...current, [name]: value };
      return { ...next, remaining_amount: remainingOf(next.total_amount ?? '', next.paid_amount ?? '') };
    });
  const total = Number(values.total_amount || 0);
  const paid = Number(values.paid_amount || 0);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Facturation"
      failureMessage={MESSAGES.paymentInfoUpdateFailed}
      onSubmit={() => resource('bookings').update(booking.id, toPayload(BILLING_SECTIONS, values, settings))}
      onSaved={onSaved}
    >
      {({ errors }) => (
        <>
          <FormSections
            sections={BILLING_SECTIONS}
            values={values}
            onChange={(name) => (name === 'total_amount' || name === 'paid_amount' ? setAmount(name) : set(name))}
            errors={errors}
          />
          {paid > total && total > 0 && (
            <Text size="sm" c="orange">
              Le montant payé dépasse le montant total.
            </Text>
          )}
        </>
      )}
    </FormModal>
  );
}
