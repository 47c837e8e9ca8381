import { BALLOON_INSPECTION_KINDS, type BalloonInspectionKind, BOUNDS, balloonInspectionsPath } from '@app/domain';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../api/client';
import { FormModal, TextAreaField, useFieldError } from '../../components';
import { FrenchDateInput } from '../../components/FrenchDateInput/FrenchDateInput';
import { today as operatorToday } from '../../lib/today';

// Issue 30: an inspection of the balloon recorded on its technical log (POST /api/balloons/{id}/inspections); the
// latest one becomes the balloon's last inspection, from which the next one due is counted.

const KIND_OPTIONS = Object.entries(BALLOON_INSPECTION_KINDS).map(([value, label]) => ({ value, label }));

export function BalloonInspectionDialog({
  balloonId,
  opened,
  onClose,
  onSaved,
}: {
  balloonId: number;
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [date, setDate] = useState<string | null>(operatorToday());
  const [kind, setKind] = useState<BalloonInspectionKind>('annual');
  const [hours, setHours] = useState<number | string>('');
  const [inspector, setInspector] = useState('');
  const [remarks, setRemarks] = useState('');
  const dateError = useFieldError('inspected_on');
  const kindError = useFieldError('kind');
  const hoursError = useFieldError('hours');
  const inspectorError = useFieldError('inspector');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Enregistrer une visite"
      failureMessage="L'enregistrement de la visite a échoué"
      successMessage="Visite enregistrée"
      onSubmit={() =>
        api.post(balloonInspectionsPath(balloonId), {
          inspected_on: date ?? '',
          kind,
          hours: hours === '' ? null : Number(hours),
          inspector,
          remarks,
        })
      }
      onSaved={onSaved}
    >
      <FrenchDateInput
        name="inspected_on"
        label="Date de la visite"
        required
        value={date}
        onChange={(value) => setDate(typeof value === 'string' ? value : null)}
        error={dateError}
      />
      <Select
        name="kind"
        label="Type de visite"
        required
        allowDeselect={false}
        data={KIND_OPTIONS}
        value={kind}
        onChange={(value) => value && setKind(value as BalloonInspectionKind)}
        error={kindError}
      />
      <NumberInput
        name="hours"
        label="Heures du ballon à la visite"
        min={BOUNDS.balloonHours.min}
        max={BOUNDS.balloonHours.max}
        step={0.1}
        decimalScale={2}
        decimalSeparator=","
        value={hours}
        onChange={setHours}
        error={hoursError}
      />
      <TextInput
        name="inspector"
        label="Réalisée par"
        maxLength={120}
        value={inspector}
        onChange={(event) => setInspector(event.currentTarget.value)}
        error={inspectorError}
      />
      <TextAreaField name="remarks" label="Remarques" maxLength={2000} value={remarks} onChange={setRemarks} />
    </FormModal>
  );
}
