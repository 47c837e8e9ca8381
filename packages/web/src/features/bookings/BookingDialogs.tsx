import {
  BOOKING_STATUSES,
  CUSTOMER_LINKED_MESSAGE,
  CUSTOMER_TYPES,
  createFailedMessage,
  LIST_LOAD_FAILED_MESSAGES,
  MESSAGES,
  updateFailedMessage,
} from '@app/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowsExchange,
  IconInfoCircle,
  IconLock,
  IconLockOpen,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { statusIcon } from '../../app/status-icons';
import { FormModal, notifyFailure, StatusTag, TextAreaField } from '../../components';
import { useSearchText } from '../../lib/debounce';
import { useMe } from '../../session/store';
import {
  type FieldValue,
  FormSections,
  type FormValues,
  initialValues,
  toPayload,
  visibleSections,
} from '../reference-data';
import { BILLING_SECTIONS, COMPANY_FIELDS, CUSTOMER_SECTIONS, GENERAL_SECTIONS } from './booking-forms';
import { BOOKINGS_ENDPOINT, type Booking, CUSTOMERS_ENDPOINT } from './booking-model';
import { ChosenCustomer, CustomerSearch, type PickedCustomer } from './CustomerPicker';
import { useUniqueNumber } from './use-unique-number';

// The booking summary's dialogs: general info, billing, status, customer, requested dates, note and
// linked booking. Each is mounted with a new key per opening, so its values start from the booking.

type DialogProps = { opened: boolean; onClose: () => void; onSaved: () => void };
type BookingDialogProps = DialogProps & { booking: Booking };

function useFormValues(sections: Parameters<typeof initialValues>[0], record: Record<string, unknown> | null) {
  const [values, setValues] = useState<FormValues>(() => initialValues(sections, record));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  return { values, setValues, set };
}

/** General booking info: number locked until unlocked, both numbers unique, flight slots. */
export function GeneralInfoDialog({ booking, opened, onClose, onSaved }: BookingDialogProps) {
  const { settings } = useMe();
  const { values, set } = useFormValues(GENERAL_SECTIONS, booking);
  const [isNumberLocked, setNumberLocked] = useState(true);
  const [schedules, setSchedules] = useState<string[]>(() =>
    (booking.flight_schedules ?? []).map((schedule) => String(schedule.id)),
  );
  const slots = useQuery({
    queryKey: ['/api/flight-schedules', 'options'],
    queryFn: ({ signal }) => api.list<{ id: number; label: string }>('/api/flight-schedules', {}, signal),
    enabled: opened,
  });
  useEffect(() => {
    if (slots.isError) notifyFailure(LIST_LOAD_FAILED_MESSAGES.flightSchedules, slots.error);
  }, [slots.isError, slots.error]);
  // The booking-info dialog reports both checks with the 'alternatif' variant.
  const numberCheck = useUniqueNumber({
    endpoint: BOOKINGS_ENDPOINT,
    field: 'number',
    value: String(values.number ?? ''),
    excludeId: booking.id,
    failureMessage: MESSAGES.bookingNumberAltCheckFailed,
    isEnabled: !isNumberLocked,
  });
  const altCheck = useUniqueNumber({
    endpoint: BOOKINGS_ENDPOINT,
    field: 'number_alt',
    value: String(values.number_alt ?? ''),
    excludeId: booking.id,
    failureMessage: MESSAGES.bookingNumberAltCheckFailed,
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Informations générales"
      failureMessage={MESSAGES.infoUpdateFailed}
      canSubmit={!numberCheck.error && !altCheck.error && !numberCheck.isChecking && !altCheck.isChecking}
      onSubmit={() => {
        const payload = toPayload(GENERAL_SECTIONS, values, settings);
        if (isNumberLocked) delete payload.number;
        return api.update(BOOKINGS_ENDPOINT, booking.id, { ...payload, flight_schedules: schedules.map(Number) });
      }}
      onSaved={onSaved}
    >
      {({ errors }) => (
        <>
          <FormSections
            sections={visibleSections(GENERAL_SECTIONS, settings)}
            values={values}
            onChange={set}
            errors={errors}
            renderField={(field) => {
              if (field.name === 'number') {
                return (
                  <TextInput
                    key="number"
                    name="number"
                    label="Numéro de réservation"
                    required
                    maxLength={50}
                    autoComplete="off"
                    readOnly={isNumberLocked}
                    value={String(values.number ?? '')}
                    onChange={(event) => set('number')(event.currentTarget.value)}
                    error={numberCheck.error ?? errors.number}
                    rightSection={
                      <Tooltip label={isNumberLocked ? 'Déverrouiller le numéro' : 'Numéro déverrouillé'}>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => setNumberLocked(false)}
                          disabled={!isNumberLocked}
                          aria-label="Déverrouiller le numéro"
                        >
                          {isNumberLocked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
                        </ActionIcon>
                      </Tooltip>
                    }
                  />
                );
              }
              if (field.name === 'number_alt') {
                return (
                  <TextInput
                    key="number_alt"
                    name="number_alt"
                    label="Numéro alternatif"
                    maxLength={50}
                    autoComplete="off"
                    value={String(values.number_alt ?? '')}
                    onChange={(event) => set('number_alt')(event.currentTarget.value)}
                    error={altCheck.error ?? errors.number_alt}
                  />
                );
              }
              return undefined;
            }}
          />
          <Checkbox.Group label="Créneaux de vol" value={schedules} onChange={setSchedules}>
            <Group gap="md" mt={6}>
              {(slots.data ?? []).map((slot) => (
                <Checkbox key={slot.id} value={String(slot.id)} label={slot.label} />
              ))}
              {slots.isLoading && (
                <Text size="sm" c="dimmed">
                  Chargement...
                </Text>
              )}
            </Group>
          </Checkbox.Group>
        </>
      )}
    </FormModal>
  );
}

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
      onSubmit={() => api.update(BOOKINGS_ENDPOINT, booking.id, toPayload(BILLING_SECTIONS, values, settings))}
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

type StatusRow = { id: number; slug: string; label: string };

/** Booking status: any listed status, the list read from the server. */
export function StatusDialog({ booking, opened, onClose, onSaved }: BookingDialogProps) {
  const [statusId, setStatusId] = useState(String(booking.booking_status_id));
  const statuses = useQuery({
    queryKey: ['/api/booking-statutes', 'options'],
    queryFn: ({ signal }) => api.list<StatusRow>('/api/booking-statutes', {}, signal),
    enabled: opened,
  });
  useEffect(() => {
    if (statuses.isError) notifyFailure(LIST_LOAD_FAILED_MESSAGES.bookingStatuses, statuses.error);
  }, [statuses.isError, statuses.error]);
  const definitionOf = (slug: string) => Object.values(BOOKING_STATUSES).find((s) => s.slug === slug);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Statut de la réservation"
      size="sm"
      failureMessage={MESSAGES.statusUpdateFailed}
      onSubmit={() => api.update(BOOKINGS_ENDPOINT, booking.id, { booking_status_id: Number(statusId) })}
      onSaved={onSaved}
    >
      <Radio.Group name="booking_status_id" label="Statut" required value={statusId} onChange={setStatusId}>
        <Stack gap="xs" mt="xs">
          {(statuses.data ?? []).map((status) => {
            const definition = definitionOf(status.slug);
            return (
              <Radio
                key={status.id}
                value={String(status.id)}
                label={
                  <StatusTag
                    color={definition?.color ?? 'disabled'}
                    icon={definition ? statusIcon(definition.icon) : undefined}
                  >
                    {status.label}
                  </StatusTag>
                }
              />
            );
          })}
        </Stack>
      </Radio.Group>
    </FormModal>
  );
}

const INDIVIDUAL_TYPE_ID = String(CUSTOMER_TYPES.individual.id);

/** The customer was saved but not associated with the booking ('L'association du client a échoué'). */
class CustomerLinkError extends Error {
  constructor(cause: unknown) {
    super(MESSAGES.customerLinkFailed, { cause });
  }
}

/**
 * Customer create/edit; a new customer is then associated with the booking. Issue 27:
 * without a customer, staff first search the existing ones and pick one (after a confirm step) rather than
 * duplicating a repeat customer; with one, the edit says how many bookings share it, and « Changer de client »
 * searches (or creates) another.
 */
export function CustomerDialog({
  booking,
  customer,
  opened,
  onClose,
  onSaved,
}: BookingDialogProps & { customer: PickedCustomer | null }) {
  const { settings } = useMe();
  const { values, setValues, set } = useFormValues(
    CUSTOMER_SECTIONS,
    customer ?? { customer_type_id: Number(INDIVIDUAL_TYPE_ID) },
  );
  const [isChanging, setChanging] = useState(false);
  const [searchText, setSearchText] = useState('');
  const [chosen, setChosen] = useState<PickedCustomer | null>(null);
  const isEditing = customer !== null && !isChanging;
  const isIndividual = values.customer_type_id === INDIVIDUAL_TYPE_ID;
  const sections = CUSTOMER_SECTIONS.map((section) => ({
    ...section,
    fields: section.fields
      .filter((field) => !(isIndividual && COMPANY_FIELDS.includes(field.name)))
      .map((field) =>
        field.name === 'company_name' || field.name === 'last_name'
          ? { ...field, isRequired: field.name === 'last_name' ? isIndividual : !isIndividual }
          : field,
      ),
  }));
  const changeType = (value: FieldValue) =>
    setValues((current) => {
      const next: FormValues = { ...current, customer_type_id: value };
      // An individual has no company name, SIRET or VAT number.
      if (value === INDIVIDUAL_TYPE_ID) for (const name of COMPANY_FIELDS) next[name] = '';
      return next;
    });
  const startChanging = () => {
    // Changing starts from an empty form: what is typed there creates a new customer, never edits this one.
    setValues(initialValues(CUSTOMER_SECTIONS, { customer_type_id: Number(INDIVIDUAL_TYPE_ID) }));
    setChanging(true);
  };
  const sharedWith = customer?.bookings_count ?? 0;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={isEditing ? 'Modifier le client' : customer ? 'Changer de client' : 'Nouveau client'}
      size="xl"
      failureMessage={(error) =>
        chosen || error instanceof CustomerLinkError ? MESSAGES.customerLinkFailed : MESSAGES.customerUpdateFailed
      }
      successMessage={chosen ? CUSTOMER_LINKED_MESSAGE : MESSAGES.saved}
      submitLabel={chosen ? 'Associer ce client' : undefined}
      onSubmit={async () => {
        if (chosen) return api.update(BOOKINGS_ENDPOINT, booking.id, { customer_id: chosen.id });
        const payload = toPayload(sections, values, settings);
        if (isIndividual) for (const name of COMPANY_FIELDS) payload[name] = null;
        if (isEditing) return api.update(CUSTOMERS_ENDPOINT, customer.id, payload);
        const created = await api.create<{ id: number }>(CUSTOMERS_ENDPOINT, payload);
        try {
          return await api.update(BOOKINGS_ENDPOINT, booking.id, { customer_id: created.id });
        } catch (error) {
          throw new CustomerLinkError(error);
        }
      }}
      onSaved={onSaved}
    >
      {({ errors }) => {
        const form = (
          <FormSections
            sections={sections}
            values={values}
            onChange={(name) => (name === 'customer_type_id' ? changeType : set(name))}
            errors={errors}
          />
        );
        if (isEditing) {
          return (
            <>
              <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                {sharedWith > 1 ? (
                  <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />} p="xs" style={{ flex: 1 }}>
                    {`Ce client est lié à ${sharedWith} réservations : les modifications s'appliquent à toutes.`}
                  </Alert>
                ) : (
                  <span />
                )}
                <Button
                  variant="light"
                  leftSection={<IconArrowsExchange size={16} aria-hidden />}
                  onClick={startChanging}
                  style={{ flexShrink: 0 }}
                >
                  Changer de client
                </Button>
              </Group>
              {form}
            </>
          );
        }
        if (chosen) return <ChosenCustomer customer={chosen} onBack={() => setChosen(null)} />;
        return (
          <>
            <CustomerSearch
              text={searchText}
              onTextChange={setSearchText}
              excludeId={customer?.id}
              onPick={setChosen}
            />
            <Divider label="ou créer un nouveau client" labelPosition="center" />
            {form}
          </>
        );
      }}
    </FormModal>
  );
}

/** Add requested dates: several at once, each required, duplicates sent once. */
export function RequestedDatesDialog({
  booking,
  existing,
  opened,
  onClose,
  onSaved,
}: BookingDialogProps & { existing: string[] }) {
  // Each line keeps its own id: removing one must not shift the values typed in the others.
  const [lines, setLines] = useState([{ id: 0, date: '' }]);
  const setAt = (id: number, date: string) =>
    setLines((current) => current.map((line) => (line.id === id ? { id, date } : line)));
  const dates = lines.map((line) => line.date);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Ajouter des dates souhaitées"
      size="sm"
      failureMessage={MESSAGES.dateAddFailed}
      successMessage={MESSAGES.dateAdded}
      onSubmit={async () => {
        const distinct = [...new Set(dates.filter(Boolean))].filter((date) => !existing.includes(date));
        for (const date of distinct) await api.create('/api/requested-dates', { date, booking_id: booking.id });
      }}
      onSaved={onSaved}
    >
      <Stack gap="xs">
        {lines.map(({ id, date }, index) => (
          <Group key={id} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              type="date"
              name={`date-${index}`}
              label={index === 0 ? 'Dates' : undefined}
              aria-label={`Date ${index + 1}`}
              required
              value={date}
              onChange={(event) => setAt(id, event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            {lines.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Retirer la date ${index + 1}`}
                onClick={() => setLines((current) => current.filter((line) => line.id !== id))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setLines((current) => [...current, { id: Math.max(...current.map((l) => l.id)) + 1, date: '' }])
          }
          style={{ alignSelf: 'flex-start' }}
          disabled={lines.length >= 30}
        >
          Une autre date
        </Button>
      </Stack>
    </FormModal>
  );
}

export type BookingNote = { id: number; content: string; booking_id: number; created_at: string };

/** Booking note create/edit (content required, 6-row textarea in a dialog). */
export function NoteDialog({
  booking,
  note,
  opened,
  onClose,
  onSaved,
}: BookingDialogProps & { note: BookingNote | null }) {
  const [content, setContent] = useState(note?.content ?? '');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={note ? 'Modifier la note' : 'Nouvelle note'}
      failureMessage={note ? updateFailedMessage('note') : createFailedMessage('note')}
      onSubmit={() =>
        note
          ? api.update('/api/booking-notes', note.id, { content })
          : api.create('/api/booking-notes', { content, booking_id: booking.id })
      }
      onSaved={onSaved}
    >
      <TextAreaField name="content" label="Note" required maxLength={5000} value={content} onChange={setContent} />
    </FormModal>
  );
}

type SearchedBooking = Pick<Booking, 'id' | 'number' | 'number_alt' | 'passengers_number' | 'referent_passenger'>;

/** Link a booking to another (search-driven): search on numbers and names, then POST /api/booking-links. */
export function LinkBookingDialog({
  booking,
  linkedIds,
  opened,
  onClose,
  onSaved,
}: BookingDialogProps & { linkedIds: number[] }) {
  const [text, setText] = useState('');
  const search = useSearchText(text);
  const [chosen, setChosen] = useState<string | null>(null);
  const results = useQuery({
    queryKey: [BOOKINGS_ENDPOINT, 'link-search', search],
    queryFn: ({ signal }) =>
      api.page<SearchedBooking>(
        BOOKINGS_ENDPOINT,
        { search, embed: ['referent_passenger'], page: 1, per_page: 20 },
        signal,
      ),
    enabled: search !== '',
  });
  useEffect(() => {
    if (results.isError) notifyFailure(MESSAGES.searchFailed, results.error);
  }, [results.isError, results.error]);
  const candidates = (results.data?.data ?? []).filter((b) => b.id !== booking.id && !linkedIds.includes(b.id));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Lier une réservation"
      failureMessage={MESSAGES.linkedBookingAddFailed}
      successMessage={MESSAGES.bookingLinked}
      canSubmit={chosen !== null}
      onSubmit={() => api.create('/api/booking-links', { booking_id: booking.id, linked_booking_id: Number(chosen) })}
      onSaved={onSaved}
    >
      <TextInput
        label="Rechercher une réservation"
        description="Numéro, numéro alternatif, nom du client ou d'un passager (3 caractères au moins)"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      <ScrollArea.Autosize mah={320}>
        <Radio.Group value={chosen} onChange={setChosen} aria-label="Réservations trouvées">
          <Stack gap="xs">
            {candidates.map((b) => (
              <Radio
                key={b.id}
                value={String(b.id)}
                label={`${b.number}${b.number_alt ? ` (${b.number_alt})` : ''} · ${
                  b.referent_passenger?.full_name ?? 'sans passager référent'
                } · ${b.passengers_number} pass.`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {search !== '' && !results.isFetching && candidates.length === 0 && (
          <Text size="sm" c="dimmed">
            {MESSAGES.noResult}
          </Text>
        )}
      </ScrollArea.Autosize>
    </FormModal>
  );
}
