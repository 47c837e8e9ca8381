import { BOUNDS, rangeOf } from '@app/domain';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/backups (issue 32): the daily backup the servers make (the database, the APP_KEY file and the partner
// orders' folder), where it goes and how many are kept. Restoring is an operator's command (docs/operations.md).

export const BACKUP_SETTINGS_LOAD_FAILED = 'Erreur de chargement des paramètres de sauvegarde';

const FIELDS: SettingField[] = [
  {
    key: 'backup_folder',
    label: 'Dossier des sauvegardes',
    kind: 'text',
    isWide: true,
    description:
      'Chemin absolu d’un dossier du serveur, par exemple /var/backups/montgolfiere. Vide : pas de sauvegarde quotidienne.',
  },
  {
    key: 'backup_keep',
    label: 'Nombre de sauvegardes conservées',
    kind: 'number',
    ...rangeOf(BOUNDS.backupKeep),
    step: 1,
    description: 'Au-delà, les plus anciennes sont supprimées.',
  },
];

export default function BackupSettingsPage() {
  return (
    <SettingsForm
      title="Sauvegardes"
      description="Chaque jour, une copie de la base de données, de la clé de chiffrement et des commandes partenaires est faite dans ce dossier. La restauration se fait sur le serveur (npm run restore)."
      fields={FIELDS}
      loadFailedMessage={BACKUP_SETTINGS_LOAD_FAILED}
    />
  );
}
