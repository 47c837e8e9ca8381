import { ReferenceListPage } from '../../components/ReferenceData';
import { ticketTemplateHref, ticketTemplatesConfig } from './ticket-templates.config';

const config = { ...ticketTemplatesConfig, getRowHref: ticketTemplateHref };

export default function TicketTemplatesPage() {
  return <ReferenceListPage config={config} />;
}
