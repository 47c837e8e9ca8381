import { createFailedMessage, INITIAL_FLIGHT_STATUS_ID } from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../../api/client';
import { ENTITY_PATHS } from '../../../api/entities';
import { useApiQueries } from '../../../api/hooks';
import { apiRead, resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import {
  type FieldValue,
  type FormSection,
  FormSections,
  type FormValues,
  initialValues,
  toPayload,
  visibleSections,
} from '../../../components/ReferenceData';
import { useMe } from '../../../session/store';
import type { Flight } from '../flight-model';
import { asPayloadTimes, CHOICES, type Choice, choiceField, type DialogProps, PUBLIC, WHEN } from './flight-form';

const NEW_FLIGHT_SECTIONS: FormSection[] = [
  {
    fields: [
      ...WHEN,
      choiceField('location_id'),
      choiceField('prestation_id'),
      choiceField('flight_type_id'),
      choiceField('balloon_id'),
      choiceField('pilot_id'),
      PUBLIC,
    ],
  },
];

/** Reads the choice lists with the keys the select fields use, so the fields open on them without a new call. */
function useChoiceLists(isEnabled: boolean) {
  const names = Object.keys(CHOICES);
  // The select fields say themselves when their list cannot be read.
  const results = useApiQueries(
    names.map((name) => {
      const { entity, labelField, order } = CHOICES[name] as Choice;
      return apiRead<Record<string, unknown>[]>(entity, ['options', labelField, order ?? null], (signal) =>
        api.list<Record<string, unknown>>(
          ENTITY_PATHS[entity],
          { order: order ?? [{ field: labelField, direction: 'ASC' }] },
          signal,
        ),
      );
    }),
    { failure: null, enabled: isEnabled },
  );
  const isLoaded = results.every((result) => result.isSuccess);
  const defaults = Object.fromEntries(
    names.map((name, index) => {
      const found = (results[index]?.data ?? []).find((row) => row.is_default === 1 || row.is_default === true);
      return [name, found ? String(found.id) : null];
    }),
  );
  return { isLoaded, defaults };
}

/** New flight (once every list has loaded, the is_default records are prefilled; status 1). */
export function NewFlightDialog({ day, opened, onClose, onSaved }: DialogProps & { day: string }) {
  const { settings } = useMe();
  const [values, setValues] = useState<FormValues>(() => initialValues(NEW_FLIGHT_SECTIONS, { scheduled_date: day }));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  const { isLoaded, defaults } = useChoiceLists(opened);
  const isPrefilled = useRef(false);
  useEffect(() => {
    if (!isLoaded || isPrefilled.current) return;
    isPrefilled.current = true;
    setValues((current) => {
      const next = { ...current };
      for (const [name, id] of Object.entries(defaults)) if (next[name] === null && id) next[name] = id;
      return next;
    });
  }, [isLoaded, defaults]);
  return (
    <FormModal<Flight>
      opened={opened}
      onClose={onClose}
      title="Nouveau vol"
      failureMessage={createFailedMessage('flight')}
      onSubmit={() =>
        resource('flights').create<Flight>({
          ...asPayloadTimes(toPayload(NEW_FLIGHT_SECTIONS, values, settings)),
          flight_status_id: INITIAL_FLIGHT_STATUS_ID,
        })
      }
      onSaved={onSaved}
    >
      {({ errors }) => (
        <FormSections
          sections={visibleSections(NEW_FLIGHT_SECTIONS, settings)}
          values={values}
          onChange={set}
          errors={errors}
        />
      )}
    </FormModal>
  );
}
