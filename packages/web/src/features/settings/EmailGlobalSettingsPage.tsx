import { Button, Group, Paper, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../api/client';
import { notifyFailure, notifySuccess } from '../../components';
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

/** A mail to oneself through the real queue, to check the sender, the signature and the SMTP settings. */
function TestMail() {
  const [isSending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { recipient } = await api.post<{ recipient: string }>('/api/mail/test');
      notifySuccess(`Email de test envoyé à ${recipient}`);
    } catch (error) {
      notifyFailure("L'envoi de l'email de test a échoué", error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Enregistrez, puis envoyez-vous un email pour vérifier l'expéditeur et la signature.
        </Text>
        <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} onClick={send} loading={isSending}>
          M'envoyer un email de test
        </Button>
      </Group>
    </Paper>
  );
}

export default function EmailGlobalSettingsPage() {
  return (
    <SettingsForm
      title="Paramètres généraux des emails"
      fields={FIELDS}
      loadFailedMessage="Erreur de chargement des paramètres des emails"
    >
      <TestMail />
    </SettingsForm>
  );
}
