import { Outlet } from 'react-router';
import { SubNavigation } from '../../components';
import { canAccess } from '../../lib/guards';
import { pathTo } from '../../lib/routes';
import { useMe } from '../../session/store';

/** The settings area; links to pages a stricter guard would refuse are left out. */
export default function SettingsLayout() {
  const me = useMe();
  const links = [
    { label: 'Planning', to: pathTo('settings-planning') },
    canAccess('ticketTemplates', me) && { label: 'Modèles de billet', to: pathTo('ticket-templates') },
    { label: 'Emails', to: pathTo('settings-emails') },
    { label: 'Plan de vol opérationnel', to: pathTo('settings-operational-flight-plan') },
    { label: 'Bons et validité', to: pathTo('settings-vouchers') },
    { label: 'Sauvegardes', to: pathTo('settings-backups') },
    canAccess('suOnly', me) && { label: 'Droits des rôles', to: pathTo('capabilities') },
    { label: "Clés d'API", to: pathTo('api-keys') },
    { label: 'Widgets', to: pathTo('widgets') },
    canAccess('suOnly', me) && { label: 'Boutique en ligne', to: pathTo('settings-online-shop') },
  ].filter((link) => link !== false);
  return (
    <>
      <SubNavigation label="Sections des paramètres" links={links} />
      <Outlet />
    </>
  );
}
