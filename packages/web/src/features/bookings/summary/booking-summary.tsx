import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useRefreshDataList } from '../../../components';
import { BOOKINGS_ENDPOINT } from '../booking-model';

// What the booking summary's sections share: what to read again after a change, the empty line and the add
// button of a card.

/** Reads again the entity a section changed, and the booking (its counts, amounts and dates follow). */
export function useBookingSaved() {
  const refresh = useRefreshDataList();
  return (endpoint: string) => () => {
    void refresh(endpoint);
    void refresh(BOOKINGS_ENDPOINT);
  };
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
