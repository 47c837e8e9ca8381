import { BOUNDS, MESSAGES, rangeOf } from '@app/domain';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/operational-flight-plan (issue 10): the masses the plan adds to what is entered on each flight.

// Issue 30: the allowance of BOP.ADD.600 (clothing + hand baggage, 4 + 3 kg by default) replaces the old supplement,
// which stays as the operator's own extra; the currency and inspection rules of the flight file.
const FIELDS: SettingField[] = [
  {
    key: 'ofp_allowance_clothing',
    label: 'Allocation vêtements par passager (kg)',
    kind: 'number',
    ...rangeOf(BOUNDS.allowance),
    step: 0.1,
    description: 'Ajoutée au poids déclaré de chaque passager inscrit (4 kg par défaut).',
  },
  {
    key: 'ofp_allowance_baggage',
    label: 'Allocation bagage à main par passager (kg)',
    kind: 'number',
    ...rangeOf(BOUNDS.allowance),
    step: 0.1,
    description: 'Ajoutée au poids déclaré de chaque passager inscrit (3 kg par défaut).',
  },
  {
    key: 'ofp_passenger_supplement',
    label: "Supplément de l'exploitant par passager (kg)",
    kind: 'number',
    ...rangeOf(BOUNDS.passengerSupplement),
    step: 0.1,
    description: "Ajouté en plus de l'allocation (0 par défaut).",
  },
  {
    key: 'ofp_pilot_bag_default',
    label: 'Sac du pilote par défaut (kg)',
    kind: 'number',
    ...rangeOf(BOUNDS.bagWeight),
    step: 0.1,
    description: "Utilisé quand le pilote n'a pas de poids de sac renseigné.",
  },
  {
    key: 'pilot_recency_flights',
    label: 'Expérience récente : nombre de vols',
    kind: 'number',
    ...rangeOf(BOUNDS.recencyFlights),
    step: 1,
    description: 'Vols réalisés exigés du pilote avant chaque vol (3 par défaut).',
  },
  {
    key: 'pilot_recency_days',
    label: 'Expérience récente : sur (jours)',
    kind: 'number',
    ...rangeOf(BOUNDS.recencyDays),
    step: 1,
    description: 'Période avant la date du vol (180 jours par défaut).',
  },
  {
    key: 'balloon_inspection_months',
    label: 'Visite du ballon : tous les (mois)',
    kind: 'number',
    ...rangeOf(BOUNDS.inspectionMonths),
    step: 1,
    description: 'Échéance en mois après la dernière visite (12 par défaut).',
  },
  {
    key: 'balloon_inspection_hours',
    label: 'Visite du ballon : toutes les (heures)',
    kind: 'number',
    ...rangeOf(BOUNDS.inspectionHours),
    step: 1,
    description: 'Échéance en heures de vol après la dernière visite (100 par défaut) ; la plus proche des deux.',
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
