import { BOOKINGS_PATH, type FLIGHTS_PATH, type HistoryEntry, type Paginated, recordHistoryPath } from '@app/domain';
import { Pagination, Text } from '@mantine/core';
import { useState } from 'react';
import { useApiQuery } from '../../api/hooks';
import { getRead } from '../../api/reads';
import { SummaryCard } from '../../components';
import { HistoryEntries } from './HistoryEntries';

const PER_PAGE = 20;
export const HISTORY_LOAD_FAILED = 'Impossible de charger l’historique.';

/**
 * 'Historique' of a booking or a flight (GET {endpoint}/{id}/history, 20 entries a page, newest first). Keyed under
 * the record's endpoint, so saving anything on the page (which refreshes that endpoint) refreshes it too.
 */
export function HistorySection({ endpoint, id }: { endpoint: typeof BOOKINGS_PATH | typeof FLIGHTS_PATH; id: number }) {
  const [page, setPage] = useState(1);
  const entity = endpoint === BOOKINGS_PATH ? 'bookings' : 'flights';
  const result = useApiQuery(
    getRead<Paginated<HistoryEntry>>(entity, recordHistoryPath(endpoint, id, page), ['history', id, page]),
    {
      failure: HISTORY_LOAD_FAILED,
      // Read again each time the section shows: writes made on the booking's other tabs (passengers) appear at once.
      staleTime: 0,
    },
  );
  const data = result.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PER_PAGE)) : 1;
  return (
    <SummaryCard title="Historique">
      {data && data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          Aucune modification enregistrée.
        </Text>
      )}
      {data && data.data.length > 0 && <HistoryEntries entries={data.data} />}
      {pages > 1 && (
        <Pagination
          mt="sm"
          size="sm"
          total={pages}
          value={page}
          onChange={setPage}
          aria-label="Pages de l’historique"
        />
      )}
    </SummaryCard>
  );
}
