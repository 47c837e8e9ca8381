import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../lib/routes';

/** The balloon mark, also the favicon (public/favicon.svg) and the boot screen of index.html: keep the drawings the same. */
export function BalloonMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path
        d="M32 4C18.7 4 9 13.9 9 26.2c0 10.4 8.3 18.5 14.5 23.3h17C46.7 44.7 55 36.6 55 26.2 55 13.9 45.3 4 32 4Z"
        fill="#1a6dde"
      />
      <path
        d="M32 4c-6.4 0-11 10-11 22.2 0 10.2 3.9 18.6 6.6 23.3h8.8c2.7-4.7 6.6-13.1 6.6-23.3C43 14 38.4 4 32 4Z"
        fill="#fb8109"
      />
      <path
        d="M32 4c-2.2 0-3.6 10-3.6 22.2 0 10.2 1.3 18.6 2.2 23.3h2.8c.9-4.7 2.2-13.1 2.2-23.3C35.6 14 34.2 4 32 4Z"
        fill="#fff"
      />
      <path d="M24 50.5 27 56h10l3-5.5" fill="none" stroke="#6b4f2a" strokeWidth="1.6" />
      <rect x="26.5" y="55" width="11" height="7" rx="1.5" fill="#8a6232" />
    </svg>
  );
}

type LogoProps = { name: string; isCompact?: boolean; onNavigate?: () => void };

/** Links to the route named home. */
export function Logo({ name, isCompact = false, onNavigate }: LogoProps) {
  return (
    <UnstyledButton component={Link} to={pathTo('home')} onClick={onNavigate} aria-label={`${name} : accueil`}>
      <Group gap="xs" wrap="nowrap">
        <BalloonMark size={isCompact ? 36 : 32} />
        {!isCompact && (
          <Text fw={700} size="lg" c="primary.8" lh={1.1}>
            {name}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
