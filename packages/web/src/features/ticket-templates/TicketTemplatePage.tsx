import { MESSAGES } from '@app/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { ApiError, api } from '../../api/client';
import { SubNavigation } from '../../app/layout/SubNavigation';
import { usePageTitle } from '../../app/page-title';
import { pathTo } from '../../app/routes';
import { notifyFailure } from '../../components';
import { TICKET_TEMPLATES_ENDPOINT, type TicketTemplate } from './ticket-templates.config';

/** A ticket template (settings/ticket-templates/{id}): its summary and the preview of its printed tickets. */
export const useTicketTemplate = (): TicketTemplate => useOutletContext<TicketTemplate>();

export default function TicketTemplatePage() {
  const id = Number(useParams().ticketTemplateId);
  const result = useQuery({
    queryKey: [TICKET_TEMPLATES_ENDPOINT, 'detail', id],
    queryFn: ({ signal }) => api.one<TicketTemplate>(TICKET_TEMPLATES_ENDPOINT, id, { embed: ['prestations'] }, signal),
  });
  const template = result.data;
  usePageTitle(template ? `Modèle de billet « ${template.label} »` : null);
  const isMissing = result.error instanceof ApiError && result.error.status === 404;
  useEffect(() => {
    if (result.isError && !isMissing) notifyFailure(MESSAGES.ticketTemplateLoadFailed, result.error);
  }, [result.isError, result.error, isMissing]);
  const back = (
    <Anchor component={Link} to={pathTo('ticket-templates')} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Tous les modèles de billet
      </Group>
    </Anchor>
  );
  if (!template) {
    return (
      <Stack gap="sm">
        {back}
        {isMissing && <Text>Ce modèle de billet n'existe pas ou a été supprimé.</Text>}
        {result.isError && !isMissing && <Text c="red">{MESSAGES.ticketTemplateLoadFailed}</Text>}
        {result.isLoading && <Text c="dimmed">Chargement...</Text>}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {back}
      <SubNavigation
        label="Sections du modèle de billet"
        links={[
          { label: 'Résumé', to: pathTo('single-ticket-template-summary', { ticketTemplateId: id }) },
          { label: 'Aperçu', to: pathTo('single-ticket-template-preview', { ticketTemplateId: id }) },
        ]}
      />
      <Outlet context={template} />
    </Stack>
  );
}
