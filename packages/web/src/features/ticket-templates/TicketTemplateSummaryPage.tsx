import { Button, Group, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useInvalidate } from '../../api/hooks';
import { resource } from '../../api/reads';
import { confirmDelete, SummaryCard } from '../../components';
import { deleteFailureMessage, ReferenceFormDialog } from '../../components/ReferenceData';
import { pathTo } from '../../lib/routes';
import { useDialog } from '../../lib/use-dialog';
import { useTicketTemplate } from './TicketTemplatePage';
import { ticketTemplatesConfig } from './ticket-templates.config';

const BASE_LABELS: Record<string, string> = { classic: 'Classique', gift: 'Bon cadeau', minimal: 'Épuré' };

export default function TicketTemplateSummaryPage() {
  const template = useTicketTemplate();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const dialog = useDialog<'edit'>();
  const remove = async () => {
    const isDeleted = await confirmDelete({
      message: ticketTemplatesConfig.deleteMessage(template),
      onConfirm: () => resource('ticket-templates').remove(template.id),
      failureMessage: deleteFailureMessage,
    });
    if (!isDeleted) return;
    await invalidate('ticket-templates');
    navigate(pathTo('ticket-templates'));
  };
  return (
    <Stack gap="md" maw={720}>
      <SummaryCard
        title="Modèle de billet"
        onEdit={() => dialog.open('edit')}
        rows={[
          { label: 'Libellé', value: template.label },
          { label: 'Base', value: BASE_LABELS[template.template_base] ?? template.template_base },
          { label: 'Prestations', value: (template.prestations ?? []).map((p) => p.label).join(', ') },
        ]}
      />
      <Group>
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
          Supprimer
        </Button>
      </Group>
      {dialog.value && (
        <ReferenceFormDialog
          key={dialog.key}
          config={ticketTemplatesConfig}
          record={template}
          opened={dialog.opened}
          onClose={dialog.close}
          onSaved={() => invalidate('ticket-templates')}
        />
      )}
    </Stack>
  );
}
