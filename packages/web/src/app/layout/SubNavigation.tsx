import { Button, Group, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { NavigationLink } from './navigation-items';
import { isInSection } from './navigation-items';

/** Links between the child pages of a section (booking tabs, other data, settings), as real links. */
export function SubNavigation({ label, links }: { label: string; links: NavigationLink[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      <ScrollArea type="never" mb="md">
        <Group gap={6} wrap="nowrap" pb={4}>
          {links.map((link) => {
            const isActive = isInSection(pathname, link.to);
            return (
              <Button
                key={link.to}
                component={Link}
                to={link.to}
                size="compact-md"
                radius="xl"
                variant={isActive ? 'filled' : 'default'}
                aria-current={isActive ? 'page' : undefined}
                fw={500}
              >
                {link.label}
              </Button>
            );
          })}
        </Group>
      </ScrollArea>
    </nav>
  );
}
