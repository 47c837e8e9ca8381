import { Button, Group } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';

/** A link of the navigation or of a section's sub-navigation. */
export type NavigationLink = {
  label: string;
  to: string;
  icon?: ComponentType<{ size?: number | string; stroke?: number }>;
  /** A live count beside the label (open booking statuses, waiting registration requests). */
  count?: number;
  /** What the count counts, for screen readers ('3 réservations'). */
  countLabel?: (count: number) => string;
};

export const isInSection = (pathname: string, section: string) =>
  pathname === section || pathname.startsWith(`${section}/`);

type SubNavigationProps = {
  label: string;
  links: NavigationLink[];
  /** 2 for a section inside a section (settings › emails): lighter, so the two rows do not look alike. */
  level?: 1 | 2;
};

/** Links between the child pages of a section (booking tabs, other data, settings), as real links that wrap. */
export function SubNavigation({ label, links, level = 1 }: SubNavigationProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      <Group gap={6} mb="md">
        {links.map((link) => {
          const isActive = isInSection(pathname, link.to);
          const activeVariant = level === 1 ? 'filled' : 'light';
          return (
            <Button
              key={link.to}
              component={Link}
              to={link.to}
              size={level === 1 ? 'compact-md' : 'compact-sm'}
              radius="xl"
              variant={isActive ? activeVariant : level === 1 ? 'default' : 'subtle'}
              aria-current={isActive ? 'page' : undefined}
              fw={500}
            >
              {link.label}
            </Button>
          );
        })}
      </Group>
    </nav>
  );
}
