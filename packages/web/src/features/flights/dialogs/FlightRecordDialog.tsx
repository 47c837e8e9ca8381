import { FLIGHT_RECORD_MESSAGES } from '@app/domain';
import { useState } from 'react';
import { resource } from '../../../api/reads';
import { FormModal } from '../../../components';
import {
  type FieldValue,
  type FormSection,
  FormSections,
  type FormValues,
  initialValues,
  toPayload,
} from '../../../components/ReferenceData';
import { useMe } from '../../../session/store';
import type { Flight } from '../flight-model';
import { asPayloadTimes, type DialogProps, FUEL_LOADED, MAX_ALTITUDE, TAKEOFF_TEMPERATURE } from './flight-form';

/** Issue 27: what the pilot fills in after landing, still open on a realized flight (domain FLIGHT_RECORD_FIELDS). */
const RECORD_SECTIONS: FormSection[] = [
  {
    fields: [
      { name: 'takeoff_time', label: 'Heure de décollage', kind: 'time', isRequired: true },
      { name: 'landing_time', label: "Heure d'atterrissage", kind: 'time', isRequired: true },
      TAKEOFF_TEMPERATURE,
      { ...MAX_ALTITUDE, label: 'Altitude maximale atteinte (m)' },
      // Issue 30: the logbook's entry (BOP.BAS.065) and the fuel, for the sealed flight record.
      { name: 'landing_place', label: "Lieu d'atterrissage", kind: 'text', maxLength: 120 },
      FUEL_LOADED,
      { name: 'remarks', label: 'Remarques', kind: 'textarea', isWide: true },
      { name: 'incidents', label: 'Incidents', kind: 'textarea', isWide: true },
    ],
  },
];

/**
 * The flight record of a realized flight (issue 27): times, takeoff temperature and altitude reached, the only
 * fields the server still takes once the flight is realized. Notes stay on their own card.
 */
export function FlightRecordDialog({ flight, opened, onClose, onSaved }: DialogProps & { flight: Flight }) {
  const { settings } = useMe();
  const [values, setValues] = useState<FormValues>(() => initialValues(RECORD_SECTIONS, flight));
  const set = (name: string) => (value: FieldValue) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={FLIGHT_RECORD_MESSAGES.recordTitle}
      size="md"
      failureMessage={FLIGHT_RECORD_MESSAGES.recordUpdateFailed}
      onSubmit={() =>
        resource('flights').update(flight.id, asPayloadTimes(toPayload(RECORD_SECTIONS, values, settings)))
      }
      onSaved={onSaved}
    >
      {({ errors }) => <FormSections sections={RECORD_SECTIONS} values={values} onChange={set} errors={errors} />}
    </FormModal>
  );
}
