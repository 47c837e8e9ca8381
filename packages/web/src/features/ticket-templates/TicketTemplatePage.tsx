import { MESSAGES } from '@app/domain';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { isNotFound } from '../../api/client';
import { useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';
import { SubNavigation } from '../../components';
import { usePageTitle } from '../../lib/page-title';
import { pathTo } from '../../lib/routes';
import type { TicketTemplate } from './ticket-templates.config';

/** A ticket template (settings/ticket-templates/{id}): its summary and the preview of its printed tickets. */
export const useTicketTemplate = (): TicketTemplate => useOutletContext<TicketTemplate>();

export default function TicketTemplatePage() {
  const id = Number(useParams().ticketTemplateId);
  const result = useApiQuery(resource<TicketTemplate>('ticket-templates').one(id, { embed: ['prestations'] }), {
    failure: (error) => (isNotFound(error) ? null : MESSAGES.ticketTemplateLoadFailed),
  });
  const template = result.data;
  usePageTitle(template ? `Modèle de billet « ${template.label} »` : null);
  const isMissing = isNotFound(result.error);
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
