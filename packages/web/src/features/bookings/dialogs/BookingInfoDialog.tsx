import { type FlightSchedule, LIST_LOAD_FAILED_MESSAGES, MESSAGES } from '@app/domain';
import { ActionIcon, Checkbox, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../../../api/hooks';
import { resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import { FormSections, toPayload, visibleSections } from '../../../components/ReferenceData';
import { useMe } from '../../../session/store';
import { GENERAL_SECTIONS } from '../booking-forms';
import { useUniqueNumber } from '../use-unique-number';
import { type BookingDialogProps, useFormValues } from './booking-dialog';

/** General booking info: number locked until unlocked, both numbers unique, flight slots. */
export function BookingInfoDialog({ booking, opened, onClose, onSaved }: BookingDialogProps) {
  const { settings } = useMe();
  const { values, set } = useFormValues(GENERAL_SECTIONS, booking);
  const [isNumberLocked, setNumberLocked] = useState(true);
  const [schedules, setSchedules] = useState<string[]>(() =>
    (booking.flight_schedules ?? []).map((schedule) => String(schedule.id)),
  );
  const slots = useApiQuery(resource<FlightSchedule>('flight-schedules').list(), {
    failure: LIST_LOAD_FAILED_MESSAGES.flightSchedules,
    enabled: opened,
  });
  // The booking-info dialog reports both checks with the 'alternatif' variant.
  const numberCheck = useUniqueNumber({
    entity: 'bookings',
    field: 'number',
    value: String(values.number ?? ''),
    excludeId: booking.id,
    failureMessage: MESSAGES.bookingNumberAltCheckFailed,
    isEnabled: !isNumberLocked,
  });
  const altCheck = useUniqueNumber({
    entity: 'bookings',
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
        return resource('bookings').update(booking.id, { ...payload, flight_schedules: schedules.map(Number) });
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
