import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SummaryRow = { label: string; value: ReactNode };

export type SummaryCardProps = {
  title: string;
  /** 'Modifier' opening the section's dialog; absent for a read-only section. */
  onEdit?: () => void;
  /** Keeps 'Modifier' visible but unusable (a booking in a not-editable status). */
  isEditDisabled?: boolean;
  /** Other buttons in the card's header (add a note, link a booking...). */
  actions?: ReactNode;
  /** Label/value lines, shown as a definition list; empty values show '—'. */
  rows?: SummaryRow[];
  children?: ReactNode;
};

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/** A section of a record's summary page (booking, flight): its title, its edit button and its values. */
export function SummaryCard({ title, onEdit, isEditDisabled, actions, rows, children }: SummaryCardProps) {
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label={title}>
      <Group justify="space-between" align="center" mb="xs" gap="xs" wrap="nowrap">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Group gap={4} wrap="nowrap">
          {actions}
          {onEdit && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onEdit}
              disabled={isEditDisabled}
              aria-label={`Modifier : ${title}`}
            >
              Modifier
            </Button>
          )}
        </Group>
      </Group>
      {rows && (
        <Stack gap={6} component="dl" m={0}>
          {rows.map((row) => (
            <Group key={row.label} justify="space-between" gap="sm" wrap="nowrap" align="baseline">
              <Text component="dt" size="sm" c="dimmed">
                {row.label}
              </Text>
              <Text component="dd" size="sm" fw={500} m={0} ta="right">
                {isEmpty(row.value) ? '—' : row.value}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {children}
    </Paper>
  );
}
