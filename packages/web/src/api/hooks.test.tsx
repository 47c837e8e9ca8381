import { LOCATIONS_PATH, PLANNING_PATH } from '@app/domain';
import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeFetch } from '../components/test-utils';
import { renderWithProviders } from '../test/render';
import { useApiMutation, useApiQuery, useInvalidate } from './hooks';
import { apiRead, resource } from './reads';

type Location = { id: number; label: string };
const locations = resource<Location>('locations');

function LocationsList({ failure = 'Erreur de chargement des sites' }: { failure?: string | null }) {
  const result = useApiQuery(locations.list({ order: [{ field: 'label', direction: 'ASC' }] }), { failure });
  return <p>{result.data ? result.data.map((l) => l.label).join(', ') : 'Chargement...'}</p>;
}

function Rename({ onDone }: { onDone: (result: Location) => void }) {
  const rename = useApiMutation({
    write: (label: string) => locations.update<Location>(4, { label }),
    invalidates: ['locations'],
    failure: 'La modification du site a échoué',
    success: 'Données sauvegardées',
    onSuccess: onDone,
  });
  return (
    <button type="button" onClick={() => rename.mutate('Chambley')}>
      Renommer
    </button>
  );
}

describe('the web data layer', () => {
  let restore: () => void;
  let calls: FakeCall[];
  let label: string;
  let failing: boolean;
  beforeEach(() => {
    label = 'Annonay';
    failing = false;
    ({ calls, restore } = fakeFetch((call) => {
      if (failing) return { status: 500, body: { message: 'panne' } };
      if (call.method === 'PUT') {
        label = (call.body as { label: string }).label;
        return { body: { id: 4, label } };
      }
      return { body: [{ id: 4, label }] };
    }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    // Notifications outlive a render: the next test must not read this one's.
    notifications.clean();
    restore();
    vi.restoreAllMocks();
  });

  it("keys a read on its entity's path and parameters, which a screen never writes", () => {
    expect(locations.list({ search: 'ann' }).key).toEqual([LOCATIONS_PATH, 'list', { search: 'ann' }]);
    expect(apiRead('planning', ['range', '2026-05-01', '2026-05-07'], async () => null).key).toEqual([
      PLANNING_PATH,
      'range',
      '2026-05-01',
      '2026-05-07',
    ]);
  });

  it('reads through the client and answers the data', async () => {
    renderWithProviders(<LocationsList />);
    expect(await screen.findByText('Annonay')).toBeInTheDocument();
    expect(calls[0]?.url.pathname).toBe(LOCATIONS_PATH);
    expect(calls[0]?.url.searchParams.get('order')).toBe('label|ASC');
  });

  it("shows the screen's failure notice once when the read fails", async () => {
    failing = true;
    renderWithProviders(<LocationsList />);
    expect(await screen.findByText('Erreur de chargement des sites')).toBeInTheDocument();
    expect(screen.getAllByText('Erreur de chargement des sites')).toHaveLength(1);
  });

  it('shows no notice when the screen passes null', async () => {
    failing = true;
    renderWithProviders(<LocationsList failure={null} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('re-reads the entities a write invalidates before it resolves, then says it saved', async () => {
    const onDone = vi.fn();
    renderWithProviders(
      <>
        <LocationsList />
        <Rename onDone={onDone} />
      </>,
    );
    expect(await screen.findByText('Annonay')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Renommer' }).click();
    expect(await screen.findByText('Chambley')).toBeInTheDocument();
    expect(await screen.findByText('Données sauvegardées')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith({ id: 4, label: 'Chambley' }, 'Chambley');
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it("shows the write's failure notice and re-reads nothing when it fails", async () => {
    const onDone = vi.fn();
    renderWithProviders(
      <>
        <LocationsList />
        <Rename onDone={onDone} />
      </>,
    );
    expect(await screen.findByText('Annonay')).toBeInTheDocument();
    failing = true;
    screen.getByRole('button', { name: 'Renommer' }).click();
    expect(await screen.findByText('La modification du site a échoué')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']);
  });

  it('invalidates by entity: the reads of other entities are kept', async () => {
    let invalidate: ReturnType<typeof useInvalidate> = async () => {};
    function Probe() {
      invalidate = useInvalidate();
      const planning = useApiQuery(
        apiRead('planning', ['day'], async () => 'jour'),
        { failure: null },
      );
      return <span>{planning.data}</span>;
    }
    const { client } = renderWithProviders(
      <>
        <LocationsList />
        <Probe />
      </>,
    );
    expect(await screen.findByText('Annonay')).toBeInTheDocument();
    await invalidate('planning');
    expect(calls).toHaveLength(1);
    expect(client.getQueryState([PLANNING_PATH, 'day'])?.dataUpdateCount).toBe(2);
    await invalidate('locations');
    expect(calls).toHaveLength(2);
  });
});
