import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

/** The edit and delete buttons of a note in a list (booking and flight notes). */
export function NoteActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" size="sm" aria-label="Modifier la note" onClick={onEdit}>
        <IconPencil size={14} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" size="sm" aria-label="Supprimer la note" onClick={onDelete}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
