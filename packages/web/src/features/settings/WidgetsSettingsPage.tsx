import { LIST_LOAD_FAILED_MESSAGES } from '@app/domain';
import { Button, Code, CopyButton, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { resource } from '../../api/reads';
import { pathTo } from '../../lib/routes';
import { type SettingField, SettingsForm } from './SettingsForm';

// settings/widgets (issue 10): the public planning widget an operator embeds in its own site,
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

type WidgetLocation = { id: number; label: string; is_restrictive: number };

/** The iframe to paste; a location narrows the widget to it (the only way to show a restrictive location). */
export const widgetSnippet = (origin: string, locationId: string | null): string => {
  const src = `${origin}${pathTo('widget-planning')}${locationId ? `?location_id=${locationId}` : ''}`;
  return `<iframe src="${src}" title="Planning des vols" style="width:100%;min-height:640px;border:0" loading="lazy"></iframe>`;
};

export default function WidgetsSettingsPage() {
  const [locationId, setLocationId] = useState<string | null>(null);
  const locations = useApiQuery(
    resource('locations').list<WidgetLocation>({ order: [{ field: 'label', direction: 'ASC' }] }),
    { failure: LIST_LOAD_FAILED_MESSAGES.locations },
  );
  const picked = locations.data?.find((location) => String(location.id) === locationId);
  const snippet = widgetSnippet(window.location.origin, locationId);
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
          <Select
            label="Lieu de vol"
            placeholder="Tous les lieux non restreints"
            clearable
            data={(locations.data ?? []).map((location) => ({
              value: String(location.id),
              label: location.is_restrictive ? `${location.label} (restreint)` : location.label,
            }))}
            value={locationId}
            onChange={setLocationId}
            description={
              picked
                ? `Le widget ne montre que les vols de ${picked.label}.`
                : "Sans lieu choisi, les vols des lieux restreints n'apparaissent pas."
            }
            maw={420}
          />
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {snippet}
          </Code>
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
