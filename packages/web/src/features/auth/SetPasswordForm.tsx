import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { PasswordForm } from '../../api/auth';
import { fieldErrors, serverMessage } from '../../api/error-messages';
import { notifyFailure } from '../../components/notify/notify';
import { pathTo } from '../../lib/routes';
import { PasswordFields } from './PasswordFields';

type SetPasswordFormProps = {
  intro: ReactNode;
  submitLabel: string;
  failureMessage: string;
  invalidLinkMessage: string;
  /** Sends the form; resolves once the next page has been chosen. */
  onSubmit: (form: PasswordForm) => Promise<void>;
};

/** Reset-password and first-login pages: token and email come from the link received by mail. */
export function SetPasswordForm({
  intro,
  submitLabel,
  failureMessage,
  invalidLinkMessage,
  onSubmit,
}: SetPasswordFormProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const email = searchParams.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  if (!token || !email) {
    return (
      <Stack gap="md" align="center">
        <Alert color="red" icon={<IconAlertTriangle size={20} />} w="100%">
          {invalidLinkMessage}
        </Alert>
        <Anchor component={Link} to={pathTo('lost-password')} size="sm">
          Demander un nouveau lien
        </Anchor>
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setErrors({});
    try {
      await onSubmit({ token, email, password, password_confirmation: confirmation });
    } catch (error) {
      setSubmitting(false);
      setErrors(fieldErrors(error));
      notifyFailure(serverMessage(error, failureMessage), error);
    }
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        {intro}
        <TextInput
          label="Adresse email"
          type="email"
          value={email}
          readOnly
          autoComplete="username"
          error={errors.email ?? errors.token}
        />
        <PasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          errors={errors}
        />
        <Button type="submit" fullWidth size="md" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
