import { BOUNDS, MAX_VALIDITY_MONTHS } from '@app/domain';
import { Text } from '@mantine/core';
import { type SettingField, SettingsForm, type SettingsValues } from './SettingsForm';

// settings/vouchers, 'Bons et validité' (issue 29): the rules a weather postponement applies to the vouchers of the
// flight, each with its switch; saved as one batch. The extensions they write are mailed to the customer and shown
// in the booking's validity history.

export const VOUCHER_RULE_FIELDS: SettingField[] = [
  {
    key: 'validity_rule_near_expiry_enabled',
    label: 'Prolonger les bons proches de leur échéance',
    kind: 'switch',
    isWide: true,
    description: 'Quand un vol est reporté pour la météo et que la validité du bon finit bientôt.',
  },
  {
    key: 'validity_rule_near_expiry_days',
    label: "Jours avant l'échéance",
    kind: 'number',
    min: BOUNDS.validityRuleDays.min,
    max: BOUNDS.validityRuleDays.max,
    step: 1,
    description: 'La validité finit au plus tard ce nombre de jours après la date du vol reporté.',
  },
  {
    key: 'validity_rule_near_expiry_months',
    label: 'Prolongation si échéance proche (mois)',
    kind: 'number',
    min: 1,
    max: MAX_VALIDITY_MONTHS,
    step: 1,
  },
  {
    key: 'validity_rule_attempts_enabled',
    label: 'Prolonger après plusieurs reports météo',
    kind: 'switch',
    isWide: true,
    description: 'Une seule fois par réservation.',
  },
  {
    key: 'validity_rule_attempts_count',
    label: 'Reports météo avant prolongation',
    kind: 'number',
    min: BOUNDS.validityRuleCount.min,
    max: BOUNDS.validityRuleCount.max,
    step: 1,
  },
  {
    key: 'validity_rule_attempts_months',
    label: 'Prolongation après reports (mois)',
    kind: 'number',
    min: 1,
    max: MAX_VALIDITY_MONTHS,
    step: 1,
  },
  {
    key: 'validity_rule_refund_enabled',
    label: 'Proposer le remboursement après plusieurs reports',
    kind: 'switch',
    isWide: true,
    description: '« Remboursement à proposer » sur la réservation et le tableau de bord.',
  },
  {
    key: 'validity_rule_refund_count',
    label: 'Reports météo avant remboursement',
    kind: 'number',
    min: BOUNDS.validityRuleCount.min,
    max: BOUNDS.validityRuleCount.max,
    step: 1,
  },
];

/** The rules as a sentence each, following the values being edited. */
export function voucherRulesSummary(values: SettingsValues): string[] {
  const on = (key: string) => values[key] === '1';
  return [
    on('validity_rule_near_expiry_enabled')
      ? `Vol reporté à ${values.validity_rule_near_expiry_days} jours ou moins de l'échéance : + ${values.validity_rule_near_expiry_months} mois.`
      : 'Échéance proche : règle désactivée.',
    on('validity_rule_attempts_enabled')
      ? `Au ${values.validity_rule_attempts_count}e report météo : + ${values.validity_rule_attempts_months} mois, une fois.`
      : 'Reports répétés : règle désactivée.',
    on('validity_rule_refund_enabled')
      ? `Au ${values.validity_rule_refund_count}e report météo : remboursement à proposer.`
      : 'Remboursement : règle désactivée.',
  ];
}

export default function VoucherSettingsPage() {
  return (
    <SettingsForm
      title="Bons et validité"
      description="Ce qui arrive aux bons quand un vol est reporté pour la météo. Chaque prolongation est écrite dans l'historique de la réservation et envoyée au client par email (modèle « Prolongation de validité »)."
      fields={VOUCHER_RULE_FIELDS}
      loadFailedMessage="Erreur de chargement des règles de validité"
      preview={(values) => (
        <figure aria-label="Règles appliquées" style={{ margin: 0 }}>
          <Text component="figcaption" size="sm" c="dimmed" mb={6}>
            Règles appliquées à chaque report météo
          </Text>
          {voucherRulesSummary(values).map((line) => (
            <Text key={line} size="sm" mb={4}>
              {line}
            </Text>
          ))}
        </figure>
      )}
    />
  );
}
