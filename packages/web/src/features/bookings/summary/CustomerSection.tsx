import { type Customer, MESSAGES } from '@app/domain';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { SummaryCard } from '../../../components';
import { lazyDialog } from '../../../components/LazyDialog/lazy-dialog';
import { useDialog } from '../../../lib/use-dialog';
import { type Booking, customerName } from '../booking-model';
import { customerCardRows } from '../customer-fields';
import { AddButton, EmptyLine, useBookingSaved } from './booking-summary';

const CustomerDialog = lazyDialog(() => import('../dialogs/CustomerDialog').then((module) => module.CustomerDialog));

/** The booking's customer, added (picked or created) or edited in its dialog. */
export function CustomerSection({ booking, isEditable }: { booking: Booking; isEditable: boolean }) {
  const id = booking.id;
  const saved = useBookingSaved();
  const dialog = useDialog<'customer'>();
  // Its bookings counted: editing a customer several bookings share says so (issue 27).
  const customers = useApiQuery(
    resource('customers').list<Customer>({
      filters: [{ field: 'bookings.id', op: '=', value: String(id) }],
      embed: ['customer_type'],
      count: ['bookings'],
    }),
    { failure: MESSAGES.customerLoadFailed },
  );
  const customer = customers.data?.[0] ?? null;
  const open = () => dialog.open('customer');
  return (
    <>
      <SummaryCard
        title="Client"
        onEdit={customer ? open : undefined}
        isEditDisabled={!isEditable}
        actions={
          !customer && !customers.isLoading ? <AddButton label="Ajouter" onClick={open} disabled={!isEditable} /> : null
        }
        rows={
          customer
            ? [
                { label: 'Nom', value: customerName(customer) },
                { label: 'Type', value: customer.customer_type?.label },
                ...customerCardRows(customer),
                {
                  label: 'Adresse',
                  value: [customer.address, [customer.zip_code, customer.town].filter(Boolean).join(' ')]
                    .filter(Boolean)
                    .join(', '),
                },
              ]
            : undefined
        }
      >
        {!customer && !customers.isLoading && <EmptyLine>Aucun client associé.</EmptyLine>}
      </SummaryCard>
      {dialog.value === 'customer' && (
        <CustomerDialog
          key={dialog.key}
          booking={booking}
          customer={customer}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved('customers')}
        />
      )}
    </>
  );
}
