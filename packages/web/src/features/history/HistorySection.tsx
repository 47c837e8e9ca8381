import type { HistoryEntry, Paginated } from '@app/domain';
import { Pagination, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { notifyFailure, SummaryCard } from '../../components';
import { HistoryEntries } from './HistoryEntries';

const PER_PAGE = 20;
export const HISTORY_LOAD_FAILED = 'Impossible de charger l’historique.';

/**
 * 'Historique' of a booking or a flight (GET {endpoint}/{id}/history, 20 entries a page, newest first). Keyed under
 * the record's endpoint, so saving anything on the page (which refreshes that endpoint) refreshes it too.
 */
export function HistorySection({ endpoint, id }: { endpoint: '/api/bookings' | '/api/flights'; id: number }) {
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: [endpoint, 'history', id, page],
    // Read again each time the section shows: writes made on the booking's other tabs (passengers) appear at once.
    staleTime: 0,
    queryFn: ({ signal }) =>
      api.get<Paginated<HistoryEntry>>(`${endpoint}/${id}/history?page=${page}`, undefined, signal),
  });
  useEffect(() => {
    if (result.isError) notifyFailure(HISTORY_LOAD_FAILED, result.error);
  }, [result.isError, result.error]);
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
