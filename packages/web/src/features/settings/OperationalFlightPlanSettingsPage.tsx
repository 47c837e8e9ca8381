import { BOUNDS, MESSAGES, rangeOf } from '@app/domain';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/operational-flight-plan (issue 10): the masses the plan adds to what is entered on each flight.

const FIELDS: SettingField[] = [
  {
    key: 'ofp_passenger_supplement',
    label: 'Supplément par passager (kg)',
    kind: 'number',
    ...rangeOf(BOUNDS.passengerSupplement),
    step: 0.1,
    description: 'Ajouté au poids de chaque passager inscrit (vêtements, chaussures...).',
  },
  {
    key: 'ofp_pilot_bag_default',
    label: 'Sac du pilote par défaut (kg)',
    kind: 'number',
    ...rangeOf(BOUNDS.bagWeight),
    step: 0.1,
    description: "Utilisé quand le pilote n'a pas de poids de sac renseigné.",
  },
];

export default function OperationalFlightPlanSettingsPage() {
  return (
    <SettingsForm
      title="Plan de vol opérationnel"
      fields={FIELDS}
      loadFailedMessage={MESSAGES.passengerSupplementLoadFailed}
    />
  );
}
