import { type Customer, isIndividualCustomerType, MESSAGES } from '@app/domain';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBalloon, IconPencil, IconPlus, IconStarFilled, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { bookingReads } from '../../api/endpoints/bookings';
import { useApiQuery, useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import { confirmDelete, type DataColumn, DataTable, FormModal, StatusTag } from '../../components';
import { lazyDialog } from '../../components/LazyDialog/lazy-dialog';
import {
  type FieldValue,
  FormSections,
  type FormValues,
  initialValues,
  toPayload,
} from '../../components/ReferenceData';
import { useDialog } from '../../lib/use-dialog';
import { useMe } from '../../session/store';
import { useBooking } from './BookingPage';
import { PASSENGER_SECTIONS } from './booking-forms';
import type { Passenger } from './booking-model';
import { useUniqueNumber } from './use-unique-number';

const PassengerFlightsDialog = lazyDialog(() =>
  import('./dialogs/PassengerFlightsDialog').then((module) => module.PassengerFlightsDialog),
);

// single-booking passengers: the list, the passenger edit dialog and each passenger's flight list.

type PassengerDialogProps = {
  bookingId: number;
  passenger: Passenger | null;
  isFirst: boolean;
  /** The booking's customer, offered as the first passenger when a person (issue 27); null otherwise. */
  customerId: number | null;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
};

/** The customer's fields a first passenger takes when the customer is the person who flies. */
const FROM_CUSTOMER = ['first_name', 'last_name', 'email', 'phone'] as const;

/**
 * Passenger create/edit: ticket number prefilled on creation and unique, one referent per booking.
 * The first passenger of a booking whose customer is a person starts from the customer's names, email and phone
 * (issue 27: staff typed them twice); staff change them when someone else flies.
 */
export function PassengerDialog({
  bookingId,
  passenger,
  isFirst,
  customerId,
  opened,
  onClose,
  onSaved,
}: PassengerDialogProps) {
  const { settings } = useMe();
  const [values, setValues] = useState<FormValues>(() =>
    initialValues(PASSENGER_SECTIONS, passenger ?? { is_referent: isFirst ? 1 : 0 }),
  );
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  // One read per opening: a number shown to a previous dialog may have been taken since.
  const [openedAt] = useState(() => Date.now());
  const next = useApiQuery(bookingReads.nextTicketNumber(bookingId, openedAt), {
    failure: MESSAGES.ticketNumberGenerationFailed,
    enabled: opened && passenger === null,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (next.data)
      setValues((current) =>
        current.ticket_number ? current : { ...current, ticket_number: next.data.ticket_number },
      );
  }, [next.data]);
  const offersCustomer = passenger === null && isFirst && customerId !== null;
  const customer = useApiQuery(resource<Customer>('customers').one(customerId ?? 0), {
    failure: MESSAGES.customerLoadFailed,
    enabled: opened && offersCustomer,
  });
  const isPrefilled =
    offersCustomer && customer.data !== undefined && isIndividualCustomerType(customer.data.customer_type_id);
  useEffect(() => {
    const from = customer.data;
    if (!from || !isIndividualCustomerType(from.customer_type_id)) return;
    // Only what staff have not typed yet: the read may answer after they started.
    setValues((current) => {
      const filled = { ...current };
      for (const name of FROM_CUSTOMER) if (!filled[name] && from[name]) filled[name] = from[name];
      return filled;
    });
  }, [customer.data]);
  const ticketCheck = useUniqueNumber({
    entity: 'passengers',
    field: 'ticket_number',
    value: String(values.ticket_number ?? ''),
    excludeId: passenger?.id,
    failureMessage: MESSAGES.ticketNumberCheckFailed,
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={passenger ? 'Modifier le passager' : 'Nouveau passager'}
      failureMessage={passenger ? MESSAGES.passengerUpdateFailed : MESSAGES.passengerAddFailed}
      successMessage={passenger ? MESSAGES.saved : MESSAGES.passengerAdded}
      canSubmit={!ticketCheck.error && !ticketCheck.isChecking}
      onSubmit={() => {
        const payload = toPayload(PASSENGER_SECTIONS, values, settings);
        const passengers = resource('passengers');
        return passenger
          ? passengers.update(passenger.id, payload)
          : passengers.create({ ...payload, booking_id: bookingId });
      }}
      onSaved={onSaved}
    >
      {({ errors }) => (
        <>
          {isPrefilled && (
            <Text size="sm" c="dimmed">
              Prérempli avec le client de la réservation : modifiez-le si une autre personne vole.
            </Text>
          )}
          <FormSections
            sections={PASSENGER_SECTIONS}
            values={values}
            onChange={set}
            errors={{ ...errors, ...(ticketCheck.error ? { ticket_number: ticketCheck.error } : {}) }}
          />
        </>
      )}
    </FormModal>
  );
}

type Dialog = { kind: 'edit'; passenger: Passenger | null } | { kind: 'flights'; passenger: Passenger };

export default function BookingPassengersPage() {
  const { booking, isEditable } = useBooking();
  const invalidate = useInvalidate();
  const dialog = useDialog<Dialog>();
  const result = useApiQuery(
    resource<Passenger>('passengers').list({
      filters: [{ field: 'booking_id', op: '=', value: String(booking.id) }],
      embed: ['passenger_type'],
      count: ['flights'],
    }),
    { failure: MESSAGES.passengersLoadFailed },
  );
  const passengers = result.data ?? [];
  const saved = () => {
    void invalidate('passengers', 'bookings');
  };
  const remove = async (passenger: Passenger) => {
    const isDeleted = await confirmDelete({
      message: `Le passager ${passenger.full_name} (billet ${passenger.ticket_number ?? '—'}) sera supprimé.`,
      onConfirm: () => resource('passengers').remove(passenger.id),
      failureMessage: MESSAGES.deleteFailed,
    });
    if (isDeleted) saved();
  };

  const missing = booking.passengers_number - passengers.length;
  const columns: DataColumn<Passenger>[] = [
    { label: 'Billet', field: 'ticket_number' },
    {
      label: 'Nom',
      key: 'name',
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <Text inherit fw={500}>
            {p.full_name}
          </Text>
          {p.is_referent === 1 && (
            <StatusTag size="small" color="primary" icon={IconStarFilled} iconSize={12}>
              Référent
            </StatusTag>
          )}
        </Group>
      ),
    },
    { label: 'Qualité', field: 'passenger_type.label' },
    { label: 'Âge', field: 'age', align: 'right' },
    { label: 'Poids', key: 'weight', align: 'right', render: (p) => (p.weight === null ? '—' : `${p.weight} kg`) },
    { label: 'Dépt', field: 'department' },
    { label: 'Téléphone', field: 'phone' },
    { label: 'Email', field: 'email' },
    {
      label: 'Vols',
      key: 'flights',
      align: 'right',
      render: (p) => (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconBalloon size={14} aria-hidden />}
          onClick={() => dialog.open({ kind: 'flights', passenger: p })}
          // The shown count first in the name (WCAG 2.5.3: the visible label within the name).
          aria-label={`${p.flights_count ?? 0} vol${(p.flights_count ?? 0) > 1 ? 's' : ''} de ${p.full_name}`}
        >
          {p.flights_count ?? 0}
        </Button>
      ),
    },
  ];

  const current = dialog.value;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <StatusTag
          color={missing > 0 ? 'warning' : 'success'}
          icon={IconUsers}
          aria-label={`${passengers.length} passagers sur ${booking.passengers_number}`}
        >
          {`${passengers.length} / ${booking.passengers_number} passagers`}
          {missing > 0 ? ` · ${missing} manquant${missing > 1 ? 's' : ''}` : ''}
        </StatusTag>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => dialog.open({ kind: 'edit', passenger: null })}
          disabled={!isEditable}
        >
          Ajouter un passager
        </Button>
      </Group>
      <DataTable<Passenger>
        label="Passagers de la réservation"
        columns={columns}
        rows={passengers}
        isLoading={result.isLoading}
        rowActions={(p) => (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Modifier ${p.full_name}`}
              onClick={() => dialog.open({ kind: 'edit', passenger: p })}
              disabled={!isEditable}
            >
              <IconPencil size={16} />
            </ActionIcon>
            <Tooltip
              label={
                (p.flights_count ?? 0) > 0
                  ? 'Inscrit sur un vol : retirez-le du vol avant de le supprimer.'
                  : `Supprimer ${p.full_name}`
              }
            >
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Supprimer ${p.full_name}`}
                onClick={() => remove(p)}
                disabled={!isEditable || (p.flights_count ?? 0) > 0}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      />
      {current?.kind === 'edit' && (
        <PassengerDialog
          key={dialog.key}
          bookingId={booking.id}
          passenger={current.passenger}
          isFirst={passengers.length === 0}
          // Once the list is read: a booking's passengers still loading are not 'no passenger yet'.
          customerId={result.isSuccess ? booking.customer_id : null}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={saved}
        />
      )}
      {current?.kind === 'flights' && (
        <PassengerFlightsDialog
          key={dialog.key}
          passenger={current.passenger}
          opened={dialog.opened}
          onClose={dialog.close}
        />
      )}
    </Stack>
  );
}
