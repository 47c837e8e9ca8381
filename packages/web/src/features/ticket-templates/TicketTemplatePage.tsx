import { Outlet, useParams } from 'react-router';
import { SubNavigation } from '../../app/layout/SubNavigation';
import { pathTo } from '../../app/routes';

/** A ticket template: its children summary and preview. */
export default function TicketTemplatePage() {
  const ticketTemplateId = useParams().ticketTemplateId ?? '';
  return (
    <>
      <SubNavigation
        label="Sections du modèle de billet"
        links={[
          { label: 'Résumé', to: pathTo('single-ticket-template-summary', { ticketTemplateId }) },
          { label: 'Aperçu', to: pathTo('single-ticket-template-preview', { ticketTemplateId }) },
        ]}
      />
      <Outlet />
    </>
  );
}
