import {
  HISTORY_ACTION_LABELS,
  HISTORY_PATH,
  HISTORY_RESOURCE_LABELS,
  type HistoryEntry,
  historyRecordTitle,
  USERS_PATH,
} from '@app/domain';
import { Text } from '@mantine/core';
import dayjs from 'dayjs';
import { type DataColumn, DataList } from '../../components';
import type { FilterDefinition } from '../../lib/list-state';
import { formatStamp, HistoryChanges } from './HistoryEntries';

// history (issue 12, part 5; administrators: the settings capability, as the server's GET /api/history): every
// write through the API, newest first, filtered by who, what, which record and when.

const byLabel = (labels: Record<string, string>) =>
  Object.entries(labels)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));

const FILTERS: FilterDefinition[] = [
  { id: 'user_id', label: 'Utilisateur', type: 'select', loader: { endpoint: USERS_PATH, labelField: 'full_name' } },
  { id: 'resource', label: 'Élément', type: 'select', options: byLabel(HISTORY_RESOURCE_LABELS) },
  {
    id: 'record_id',
    label: 'N° de l’élément',
    type: 'text',
    // Digits only: anything else would be refused by the server (an id is a number).
    toFilters: (value) => {
      const text = String(value ?? '').trim();
      return /^\d{1,15}$/.test(text) ? [{ field: 'record_id', op: '=', value: text }] : [];
    },
  },
  { id: 'action', label: 'Action', type: 'select', options: byLabel(HISTORY_ACTION_LABELS) },
  {
    id: 'created_at',
    label: 'Période',
    type: 'dateRange',
    // Whole days: the last day counts until midnight (the column holds a date and a time).
    toFilters: (value) => {
      const [from, to] = Array.isArray(value) ? value : [];
      const day = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 10) : null);
      const filters: { field: string; op: '>=' | '<'; value: string }[] = [];
      if (day(from)) filters.push({ field: 'created_at', op: '>=', value: day(from) as string });
      if (day(to))
        filters.push({ field: 'created_at', op: '<', value: dayjs(day(to)).add(1, 'day').format('YYYY-MM-DD') });
      return filters;
    },
  },
];

const COLUMNS: DataColumn<HistoryEntry>[] = [
  { label: 'Date', render: (e) => formatStamp(e.created_at), sortField: 'created_at', key: 'created_at' },
  { label: 'Auteur', field: 'actor' },
  { label: 'Action', render: (e) => HISTORY_ACTION_LABELS[e.action] ?? e.action, key: 'action' },
  {
    label: 'Élément',
    key: 'resource',
    render: (e) => <Text size="sm">{historyRecordTitle(e)}</Text>,
    // The server writes the same text (resources/history.ts).
    csv: 'element',
  },
  { label: 'Modifications', key: 'changes', render: (e) => <HistoryChanges entry={e} />, csv: 'details' },
];

export default function HistoryPage() {
  return (
    <DataList<HistoryEntry>
      label="Historique"
      endpoint={HISTORY_PATH}
      storageKey="history"
      defaultOrder={[{ field: 'id', direction: 'DESC' }]}
      filters={FILTERS}
      columns={COLUMNS}
      isSearchable
      searchPlaceholder="Auteur"
    />
  );
}
