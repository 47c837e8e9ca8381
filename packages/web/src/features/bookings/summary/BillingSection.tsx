import { Text } from '@mantine/core';
import { SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { formatFlag } from '../../../components/ReferenceData';
import { formatAmount } from '../../../lib/format';
import { useDialog } from '../../../lib/use-dialog';
import type { Booking } from '../booking-model';
import { useBookingSaved } from './booking-summary';

const BillingDialog = lazyDialog(() => import('../dialogs/BillingDialog').then((module) => module.BillingDialog));

/** The booking's billing: payment method, amounts and what is left to pay (in red while something is). */
export function BillingSection({ booking, isEditable }: { booking: Booking; isEditable: boolean }) {
  const saved = useBookingSaved();
  const dialog = useDialog<'billing'>();
  return (
    <>
      <SummaryCard
        title="Facturation"
        onEdit={() => dialog.open('billing')}
        isEditDisabled={!isEditable}
        rows={[
          { label: 'Moyen de paiement', value: booking.payment_method?.label },
          { label: 'Remboursable', value: formatFlag(booking.refundable) },
          { label: 'Montant total', value: formatAmount(booking.total_amount) },
          { label: 'Déjà payé', value: formatAmount(booking.paid_amount) },
          {
            label: 'Reste à payer',
            value: (
              <Text inherit c={(booking.remaining_amount ?? 0) > 0 ? 'red' : undefined}>
                {formatAmount(booking.remaining_amount) || '—'}
              </Text>
            ),
          },
        ]}
      />
      {dialog.value === 'billing' && (
        <BillingDialog
          key={dialog.key}
          booking={booking}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved('bookings')}
        />
      )}
    </>
  );
}
