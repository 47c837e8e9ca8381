import { ticketTemplatePreviewPath } from '@app/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { apiUrl } from '../../api/client';
import { useTicketTemplate } from './TicketTemplatePage';

/** The template's printed tickets on sample data (the real ticket renderer of the bookings' tickets tab). */
export default function TicketTemplatePreviewPage() {
  const template = useTicketTemplate();
  const pdf = apiUrl(ticketTemplatePreviewPath(template.id));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Billets d'exemple imprimés avec ce modèle (données fictives).
        </Text>
        <Button
          component="a"
          href={pdf}
          download={`apercu-${template.template_base}.pdf`}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Télécharger l'aperçu
        </Button>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <iframe
          title={`Aperçu du modèle ${template.label}`}
          src={pdf}
          style={{ width: '100%', height: 820, border: 0 }}
        />
      </Paper>
    </Stack>
  );
}
