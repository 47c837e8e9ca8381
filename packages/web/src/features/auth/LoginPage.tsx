import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { serverMessage } from '../../api/error-messages';
import { notifyFailure } from '../../components/notify/notify';
import { safeRedirect } from '../../lib/guards';
import { pathTo } from '../../lib/routes';
import { signIn } from '../../session/store';

export const LOGIN_FAILED = 'Adresse email ou mot de passe incorrect.';
/** When the server's answer says no more (it names the minutes to wait: AUTH_MESSAGES.throttled). */
export const LOGIN_THROTTLED = 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.';
export const LOGIN_ERROR = 'La connexion a échoué. Veuillez réessayer.';

export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_ERROR;
  if (error.status === 422 || error.status === 401) return LOGIN_FAILED;
  if (error.status === 429) return serverMessage(error, LOGIN_THROTTLED);
  return LOGIN_ERROR;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      await signIn(email.trim(), password);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      setSubmitting(false);
      setPassword('');
      notifyFailure(loginFailureMessage(error), error);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <TextInput
          label="Adresse email"
          type="email"
          required
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Mot de passe"
          required
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={pathTo('lost-password', undefined, email ? { email } : undefined)} size="sm">
            Mot de passe oublié ?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          Se connecter
        </Button>
      </Stack>
    </form>
  );
}
