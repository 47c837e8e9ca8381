import { AUTH_MESSAGES } from '@app/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/auth';
import { serverMessage } from '../../api/error-messages';
import { notifyFailure } from '../../components/notify/notify';
import { pathTo } from '../../lib/routes';

/** What the server answers too, whether or not the address is known. */
export const LOST_PASSWORD_SENT = AUTH_MESSAGES.forgotPassword;

export default function LostPasswordPage() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [isSubmitting, setSubmitting] = useState(false);
  const [isSent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await authApi.forgotPassword(email.trim());
      setSent(true);
    } catch (error) {
      notifyFailure(serverMessage(error, "L'envoi du lien de réinitialisation a échoué."), error);
    } finally {
      setSubmitting(false);
    }
  };

  const backToLogin = (
    <Anchor component={Link} to={pathTo('login', undefined, email ? { email } : undefined)} size="sm">
      Retour à la connexion
    </Anchor>
  );

  if (isSent) {
    return (
      <Stack gap="md" align="center">
        <Alert color="green" icon={<IconMailCheck size={20} />} w="100%">
          {LOST_PASSWORD_SENT}
        </Alert>
        {backToLogin}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Indiquez l'adresse email de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe.
        </Text>
        <TextInput
          label="Adresse email"
          type="email"
          required
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          Envoyer le lien
        </Button>
        <Stack align="center">{backToLogin}</Stack>
      </Stack>
    </form>
  );
}
