import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { authApi } from '../../api/auth';
import { fieldErrors, serverMessage } from '../../api/error-messages';
import { notifyFailure, notifySuccess } from '../../components/notify/notify';
import { refreshSession, useMe } from '../../session/store';
import { PasswordFields } from '../auth';

export const SAVED = 'Données sauvegardées';

/** The signed-in user's own name, email and password. */
export default function ProfilePage() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" maw={1100}>
      <IdentityForm />
      <PasswordForm />
    </SimpleGrid>
  );
}

function IdentityForm() {
  const { user } = useMe();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [email, setEmail] = useState(user.email);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await authApi.updateProfile({ first_name: firstName.trim(), last_name: lastName.trim(), email: email.trim() });
      await refreshSession();
      notifySuccess(SAVED);
    } catch (error) {
      setErrors(fieldErrors(error));
      notifyFailure(serverMessage(error, 'La modification des informations a échoué'), error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-identity">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} fz="h4" id="profile-identity">
            Informations personnelles
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Prénom"
              required
              autoComplete="given-name"
              value={firstName}
              onChange={(event) => setFirstName(event.currentTarget.value)}
              error={errors.first_name}
            />
            <TextInput
              label="Nom"
              required
              autoComplete="family-name"
              value={lastName}
              onChange={(event) => setLastName(event.currentTarget.value)}
              error={errors.last_name}
            />
          </SimpleGrid>
          <TextInput
            label="Adresse email"
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSaving}>
              Enregistrer
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      await authApi.updatePassword({ current_password: current, password, password_confirmation: confirmation });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      notifySuccess('Mot de passe modifié');
    } catch (error) {
      setErrors(fieldErrors(error));
      notifyFailure(serverMessage(error, 'La modification du mot de passe a échoué'), error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-password">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Title order={2} fz="h4" id="profile-password">
            Mot de passe
          </Title>
          <PasswordInput
            label="Mot de passe actuel"
            required
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={errors.current_password}
          />
          <PasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            errors={errors}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSaving}>
              Modifier le mot de passe
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
