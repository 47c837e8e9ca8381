import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
import { pathTo } from '../../lib/routes';
import { refreshSession } from '../../session/store';
import { SetPasswordForm } from './SetPasswordForm';

/** From the invitation mail: the new user chooses a password and is signed in. */
export default function FirstLoginPage() {
  const navigate = useNavigate();
  return (
    <SetPasswordForm
      intro={
        <Text size="sm" c="dimmed">
          Bienvenue ! Choisissez le mot de passe de votre compte pour terminer son activation.
        </Text>
      }
      submitLabel="Activer mon compte"
      failureMessage="L'activation du compte a échoué."
      invalidLinkMessage="Ce lien d'invitation est incomplet. Demandez à un administrateur de vous inviter à nouveau."
      onSubmit={async (form) => {
        await authApi.csrfCookie();
        await authApi.firstLogin(form);
        const me = await refreshSession();
        navigate(me ? pathTo('home') : pathTo('login', undefined, { email: form.email }), { replace: true });
      }}
    />
  );
}
