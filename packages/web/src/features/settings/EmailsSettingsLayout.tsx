import { Outlet } from 'react-router';
import { SubNavigation } from '../../components';
import { pathTo } from '../../lib/routes';

/** settings/emails: its children global-settings and email-templates. */
export default function EmailsSettingsLayout() {
  return (
    <>
      <SubNavigation
        level={2}
        label="Sections des emails"
        links={[
          { label: 'Paramètres généraux', to: pathTo('settings-emails-global') },
          { label: "Modèles d'email", to: pathTo('email-templates') },
        ]}
      />
      <Outlet />
    </>
  );
}
