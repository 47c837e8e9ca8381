import { MAX_VALIDITY_MONTHS, MESSAGES } from '@app/domain';
import { Text } from '@mantine/core';
import { type DayFlight, FlightCard } from '../planning';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/planning (issue 10): what the planning's flight cards show, the public planning widgets, the ticketing and
// the partners' order files, saved as one batch; the card beside follows the switches.

const FIELDS: SettingField[] = [
  { key: 'planning_flightcard_show_location', label: 'Afficher le lieu de vol', kind: 'switch' },
  { key: 'planning_flightcard_show_prestation', label: 'Afficher la prestation', kind: 'switch' },
  { key: 'planning_flightcard_show_balloon', label: 'Afficher le ballon', kind: 'switch' },
  { key: 'planning_flightcard_show_pilot', label: 'Afficher le pilote', kind: 'switch' },
  { key: 'planning_flightcard_show_total_weight', label: 'Afficher le poids total', kind: 'switch' },
  {
    key: 'planning_widgets_enabled',
    label: 'Planning public (widgets)',
    kind: 'switch',
    description: 'Les vols marqués publics sont proposés aux clients sur le planning public.',
  },
  {
    key: 'ticketing_enabled',
    label: 'Billetterie',
    kind: 'switch',
    description: 'Chaque prestation peut choisir son modèle de billet.',
  },
  // Off by default: an operator without partners sending order files never sees the page.
  {
    key: 'remote_orders_import_enabled',
    label: 'Commandes des partenaires (fichiers)',
    kind: 'switch',
    description:
      'Importe les commandes que vos partenaires déposent en fichiers (JSON ou CSV) et ajoute « Commandes à distance » au menu.',
  },
  // Issue 12: a new booking's validity date is its purchase date + this many months.
  {
    key: 'voucher_validity_months',
    label: 'Validité des bons (mois)',
    kind: 'number',
    min: 1,
    max: MAX_VALIDITY_MONTHS,
    step: 1,
    description: "Date de validité d'une nouvelle réservation : sa date d'achat plus ce nombre de mois (1 à 120).",
  },
];

const SAMPLE: DayFlight = {
  kind: 'flight',
  id: 0,
  scheduled_date: '2026-06-20',
  scheduled_time: '06:30:00',
  flight_status_id: 1,
  flight_status: { is_editable: 1, slug: 'planned' },
  location: { label: 'Beaune – Hospices' },
  prestation: { label: 'Vol découverte' },
  balloon: { label: 'F-HBLM', passengers: 6, market_mass: 560 },
  pilot: { full_name: 'Amélie Lefèvre' },
  passengers_count: 4,
  total_weight: 305,
  availability: 2,
};

export default function PlanningSettingsPage() {
  return (
    <SettingsForm
      title="Planning"
      description="Ce que montrent les cartes de vol du planning, et les fonctions à activer."
      fields={FIELDS}
      loadFailedMessage={MESSAGES.planningSettingsLoadFailed}
      preview={(values) => (
        <figure aria-label="Aperçu d'une carte de vol" style={{ margin: 0 }}>
          <Text component="figcaption" size="sm" c="dimmed" mb={6}>
            Aperçu d'une carte de vol
          </Text>
          {/* A picture of a card: its link and menu lead nowhere. */}
          <div inert>
            <FlightCard
              flight={SAMPLE}
              show={{
                location: values.planning_flightcard_show_location === '1',
                prestation: values.planning_flightcard_show_prestation === '1',
                balloon: values.planning_flightcard_show_balloon === '1',
                pilot: values.planning_flightcard_show_pilot === '1',
                total_weight: values.planning_flightcard_show_total_weight === '1',
              }}
              onDuplicate={() => {}}
              onDelete={() => {}}
            />
          </div>
        </figure>
      )}
    />
  );
}
