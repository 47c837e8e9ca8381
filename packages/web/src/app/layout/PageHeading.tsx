import { Stack, Text, Title } from '@mantine/core';
import { usePageHeading } from '../../lib/route-handle';

/** The French title of the current route (route handle), with its section above it when there is one. */
export function PageHeading() {
  const { title, section } = usePageHeading();
  if (!title && !section) return null;
  return (
    <Stack gap={0} miw={0}>
      {section && title && (
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.3} truncate>
          {section}
        </Text>
      )}
      {/* Keyed by its text: a record's own title ('Réservation 2026-00079') replaces the route's ('Réservation')
          shown while the record's page was on its way, as a heading of its own, which the browser paints anew. */}
      <Title key={title ?? section} order={1} fz={{ base: 'lg', md: 'xl' }} lh={1.25} lineClamp={1}>
        {title ?? section}
      </Title>
    </Stack>
  );
}
