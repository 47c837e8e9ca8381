import { LIST_LOAD_FAILED_MESSAGES, listedName, MESSAGES } from '@app/domain';
import { MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { ApiError, api } from '../../../api/client';
import { useApiQuery } from '../../../api/hooks';
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
import {
  asPayloadTimes,
  choiceField,
  type DialogProps,
  FUEL_LOADED,
  MAX_ALTITUDE,
  PUBLIC,
  TAKEOFF_TEMPERATURE,
  WHEN,
} from './flight-form';

const INFO_SECTIONS: FormSection[] = [
  {
    fields: [
      ...WHEN,
      choiceField('location_id'),
      choiceField('prestation_id'),
      choiceField('flight_type_id'),
      choiceField('balloon_id'),
      choiceField('pilot_id'),
      MAX_ALTITUDE,
      TAKEOFF_TEMPERATURE,
      FUEL_LOADED,
      PUBLIC,
    ],
  },
];

type Teammate = { id: number; first_name: string; last_name: string; full_name: string };

/** Flight general info: every field of the flight, teammates as a multi-select. */
export function FlightInfoDialog({ flight, opened, onClose, onSaved }: DialogProps & { flight: Flight }) {
  const { settings } = useMe();
  const [values, setValues] = useState<FormValues>(() => initialValues(INFO_SECTIONS, flight));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  const [teammates, setTeammates] = useState<string[]>(() => (flight.teammates ?? []).map((t) => String(t.id)));
  const crew = useApiQuery(
    apiRead<Teammate[]>('teammates', ['options', 'full_name'], (signal) =>
      api.list<Teammate>(
        resource('teammates').path,
        {
          order: [
            { field: 'last_name', direction: 'ASC' },
            { field: 'first_name', direction: 'ASC' },
          ],
        },
        signal,
      ),
    ),
    { failure: LIST_LOAD_FAILED_MESSAGES.teammates, enabled: opened },
  );
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Informations du vol"
      size="xl"
      failureMessage={(error) =>
        error instanceof ApiError && error.status === 404 ? MESSAGES.infoEditUnavailable : MESSAGES.infoUpdateFailed
      }
      onSubmit={() =>
        resource('flights').update(flight.id, {
          ...asPayloadTimes(toPayload(INFO_SECTIONS, values, settings)),
          teammates: teammates.map(Number),
        })
      }
      onSaved={onSaved}
    >
      {({ errors }) => (
        <>
          <FormSections
            sections={visibleSections(INFO_SECTIONS, settings)}
            values={values}
            onChange={set}
            errors={errors}
          />
          <MultiSelect
            label="Équipiers"
            data={(crew.data ?? []).map((t) => ({ value: String(t.id), label: listedName(t) }))}
            value={teammates}
            onChange={setTeammates}
            searchable
            clearable
            placeholder={crew.isLoading ? 'Chargement...' : 'Choisir...'}
            nothingFoundMessage={MESSAGES.noResult}
            error={errors.teammates}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
    </FormModal>
  );
}
