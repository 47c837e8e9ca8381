import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
import { notifySuccess } from '../../components/notify/notify';
import { pathTo } from '../../lib/routes';
import { SetPasswordForm } from './SetPasswordForm';

export const PASSWORD_RESET_DONE = 'Votre mot de passe a été modifié. Vous pouvez vous connecter.';

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  return (
    <SetPasswordForm
      intro={
        <Text size="sm" c="dimmed">
          Choisissez le nouveau mot de passe de votre compte.
        </Text>
      }
      submitLabel="Réinitialiser le mot de passe"
      failureMessage="La réinitialisation du mot de passe a échoué."
      invalidLinkMessage="Ce lien de réinitialisation est incomplet. Demandez-en un nouveau."
      onSubmit={async (form) => {
        await authApi.csrfCookie();
        await authApi.resetPassword(form);
        notifySuccess(PASSWORD_RESET_DONE);
        navigate(pathTo('login', undefined, { email: form.email }), { replace: true });
      }}
    />
  );
}
