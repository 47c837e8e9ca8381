import { HISTORY_ACTION_LABELS, type HistoryEntry, historyChangeTexts, historyRecordTitle } from '@app/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';

// One history entry as a French reader reads it: when, who, what was done to which record, then each changed
// field with its old and new values (old → new). Shared by the booking and flight pages and the administration log.
// Records are named as staff know them (a booking's number, a location's label): the server answers the names.

const ACTION_COLORS = { create: 'green', update: 'blue', delete: 'red' } as const;

export const formatStamp = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

export function HistoryChanges({ entry }: { entry: HistoryEntry }) {
  const changes = historyChangeTexts(entry);
  if (changes.length === 0) return null;
  return (
    <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {changes.map((change) => (
        <Text key={change.field} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {change.label}
          </Text>
          {' : '}
          {entry.action === 'update' ? (
            <>
              <Text span c="dimmed" size="sm" td="line-through">
                {change.old}
              </Text>
              {' → '}
              {change.new}
            </>
          ) : entry.action === 'delete' ? (
            change.old
          ) : (
            change.new
          )}
        </Text>
      ))}
    </Stack>
  );
}

export function HistoryTitle({ entry }: { entry: HistoryEntry }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={ACTION_COLORS[entry.action] ?? 'gray'} variant="light" size="sm">
        {HISTORY_ACTION_LABELS[entry.action] ?? entry.action}
      </Badge>
      <Text size="sm" fw={600}>
        {historyRecordTitle(entry)}
      </Text>
    </Group>
  );
}

/** The entries of one page, newest first. */
export function HistoryEntries({ entries }: { entries: HistoryEntry[] }) {
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map((entry) => (
        <Stack key={entry.id} gap={4} component="li" data-testid="history-entry">
          <HistoryTitle entry={entry} />
          <Text size="xs" c="dimmed">
            {formatStamp(entry.created_at)} · {entry.actor}
          </Text>
          <HistoryChanges entry={entry} />
        </Stack>
      ))}
    </Stack>
  );
}
