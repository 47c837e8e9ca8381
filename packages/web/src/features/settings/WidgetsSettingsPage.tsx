import { Button, Code, CopyButton, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/widgets (issue 10): the public planning widget an operator embeds in its own site (ARCHITECTURE §5),
// what it shows, and the snippet to paste in the site.

const FIELDS: SettingField[] = [
  {
    key: 'planning_widgets_enabled',
    label: 'Activer le planning public',
    kind: 'switch',
    isWide: true,
    description: 'Les vols marqués « publics » sont proposés aux clients, qui peuvent demander à y être inscrits.',
  },
  { key: 'widget_show_location', label: 'Montrer le lieu de vol', kind: 'switch' },
  { key: 'widget_show_prestation', label: 'Montrer la prestation', kind: 'switch' },
  { key: 'widget_show_availability', label: 'Montrer les places restantes', kind: 'switch' },
];

export default function WidgetsSettingsPage() {
  const snippet = `<iframe src="${window.location.origin}/widget/planning" title="Planning des vols" style="width:100%;min-height:640px;border:0" loading="lazy"></iframe>`;
  return (
    <SettingsForm title="Widgets" fields={FIELDS} loadFailedMessage="Erreur de chargement des paramètres des widgets">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} fz="md">
            Code à insérer dans votre site
          </Title>
          <Text size="sm" c="dimmed">
            Collez ce code dans une page de votre site : le planning public s'y affiche.
          </Text>
          <Code block>{snippet}</Code>
          <CopyButton value={snippet}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                style={{ alignSelf: 'flex-start' }}
              >
                {copied ? 'Code copié' : 'Copier le code'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Paper>
    </SettingsForm>
  );
}
