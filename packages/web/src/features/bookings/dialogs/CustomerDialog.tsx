import { CUSTOMER_LINKED_MESSAGE, CUSTOMER_TYPES, MESSAGES } from '@app/domain';
import { Alert, Button, Divider, Group } from '@mantine/core';
import { IconArrowsExchange, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import {
  type FieldValue,
  FormSections,
  type FormValues,
  initialValues,
  toPayload,
} from '../../../components/ReferenceData';
import { useMe } from '../../../session/store';
import { ChosenCustomer, CustomerSearch, type PickedCustomer } from '../CustomerPicker';
import { COMPANY_FIELDS, CUSTOMER_SECTIONS } from '../customer-fields';
import { type BookingDialogProps, useFormValues } from './booking-dialog';

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
        if (chosen) return resource('bookings').update(booking.id, { customer_id: chosen.id });
        const payload = toPayload(sections, values, settings);
        if (isIndividual) for (const name of COMPANY_FIELDS) payload[name] = null;
        if (isEditing) return resource('customers').update(customer.id, payload);
        const created = await resource('customers').create<{ id: number }>(payload);
        try {
          return await resource('bookings').update(booking.id, { customer_id: created.id });
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
