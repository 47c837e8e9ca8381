import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Entity } from '../../../api/entities';
import { useInvalidate } from '../../../api/hooks';

// What the booking summary's sections share: what to read again after a change, the empty line and the add
// button of a card.

/** Reads again the entity a section changed, and the booking (its counts, amounts and dates follow). */
export function useBookingSaved() {
  const invalidate = useInvalidate();
  return (entity: Entity) => () => void invalidate(entity, 'bookings');
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

export function AddButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconPlus size={14} aria-hidden />}
      onClick={onClick}
      disabled={disabled}
    >
      {label}
    </Button>
  );
}
