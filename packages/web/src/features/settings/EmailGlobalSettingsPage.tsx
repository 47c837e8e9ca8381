import { type SettingField, SettingsForm } from './SettingsForm';

// settings/emails/global-settings (issue 10): who the mails come from, where answers go, the operator's name and
// contact (also printed on tickets and flight plans), and the signature appended to every mail.

const FIELDS: SettingField[] = [
  { key: 'company_name', label: "Nom de l'exploitant", kind: 'text' },
  { key: 'company_phone', label: "Téléphone de l'exploitant", kind: 'text' },
  { key: 'company_email', label: "Email de l'exploitant", kind: 'email' },
  { key: 'mail_sender_name', label: "Nom de l'expéditeur", kind: 'text' },
  { key: 'mail_sender_email', label: "Adresse de l'expéditeur", kind: 'email' },
  {
    key: 'mail_reply_to',
    label: 'Adresse de réponse',
    kind: 'email',
    description: 'Les réponses des clients arrivent ici.',
  },
  { key: 'email_signature', label: 'Signature ajoutée à chaque email', kind: 'richtext' },
];

export default function EmailGlobalSettingsPage() {
  return (
    <SettingsForm
      title="Paramètres généraux des emails"
      fields={FIELDS}
      loadFailedMessage="Erreur de chargement des paramètres des emails"
    />
  );
}
