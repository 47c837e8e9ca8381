import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { setScreenWidth } from '../test-utils';
import { type DataColumn, DataTable } from './DataTable';

type Balloon = { id: number; label: string; volume: number; location: { label: string } | null };

const rows: Balloon[] = [
  { id: 1, label: 'Ciel bleu', volume: 3000, location: { label: 'Chambley' } },
  { id: 2, label: 'Grand large', volume: 4200, location: null },
];
const columns: DataColumn<Balloon>[] = [
  { label: 'Nom', field: 'label', sortField: 'label' },
  { label: 'Lieu', field: 'location.label' },
  { label: 'Volume (m3)', render: (b) => `${b.volume} m3`, align: 'right', sortField: 'volume' },
];

let restore = () => {};
afterEach(() => restore());

describe('DataTable on large screens', () => {
  it('shows column headers and one row per record, aligned as asked', () => {
    restore = setScreenWidth(1280);
    renderWithProviders(<DataTable label="Ballons" columns={columns} rows={rows} />);
    const table = screen.getByRole('table', { name: 'Ballons' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nom', 'Lieu', 'Volume (m3)']);
    const [, first] = within(table).getAllByRole('row');
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Ciel bleu', 'Chambley', '3000 m3']);
    expect(cells[2]).toHaveStyle({ textAlign: 'right' });
    expect(cells[0]).toHaveStyle({ textAlign: 'left' });
  });

  it('orders by a sortable column and marks the current order', async () => {
    restore = setScreenWidth(1280);
    const user = userEvent.setup();
    const onSort = vi.fn();
    renderWithProviders(
      <DataTable columns={columns} rows={rows} order={[{ field: 'volume', direction: 'DESC' }]} onSort={onSort} />,
    );
    expect(screen.getByRole('columnheader', { name: /Volume/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Nom' }));
    expect(onSort).toHaveBeenCalledWith('label');
    expect(screen.queryByRole('button', { name: 'Lieu' })).not.toBeInTheDocument();
  });

  it('sorts from anywhere in the header cell, once per click, and from the keyboard', async () => {
    restore = setScreenWidth(1280);
    const user = userEvent.setup();
    const onSort = vi.fn();
    renderWithProviders(<DataTable columns={columns} rows={rows} onSort={onSort} />);
    // The cell itself, outside its label: its padding, the blank beside a short label.
    await user.click(screen.getByRole('columnheader', { name: /Volume/ }));
    expect(onSort).toHaveBeenCalledTimes(1);
    expect(onSort).toHaveBeenLastCalledWith('volume');
    await user.click(screen.getByRole('button', { name: 'Nom' }));
    expect(onSort).toHaveBeenCalledTimes(2);
    screen.getByRole('button', { name: 'Nom' }).focus();
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenCalledTimes(3);
    expect(onSort).toHaveBeenLastCalledWith('label');
    // A column without sort stays inert.
    await user.click(screen.getByRole('columnheader', { name: 'Lieu' }));
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it("says 'Aucune donnée n'a été trouvée...' when empty and not loading", () => {
    restore = setScreenWidth(1280);
    const { rerender } = renderWithProviders(<DataTable columns={columns} rows={[]} isLoading />);
    expect(screen.queryByText("Aucune donnée n'a été trouvée...")).not.toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByText("Aucune donnée n'a été trouvée...")).toBeInTheDocument();
  });

  it('opens the row link on click, but not from a row action', async () => {
    restore = setScreenWidth(1280);
    const user = userEvent.setup();
    const onEdit = vi.fn();
    renderWithProviders(
      <Routes>
        <Route
          path="/"
          element={
            <DataTable
              columns={columns}
              rows={rows}
              getRowHref={(b) => `/other-data/balloons/${b.id}`}
              rowActions={(b) => (
                <button type="button" onClick={() => onEdit(b.id)}>
                  Modifier
                </button>
              )}
            />
          }
        />
        <Route path="/other-data/balloons/:balloonId" element={<p>Fiche du ballon</p>} />
      </Routes>,
    );
    await user.click(screen.getAllByRole('button', { name: 'Modifier' })[1] as HTMLElement);
    expect(onEdit).toHaveBeenCalledWith(2);
    expect(screen.queryByText('Fiche du ballon')).not.toBeInTheDocument();
    await user.click(screen.getByText('Ciel bleu'));
    expect(screen.getByText('Fiche du ballon')).toBeInTheDocument();
  });
});

describe('DataTable on medium and small screens', () => {
  it.each([800, 600])('puts the column label inside each cell at %i px, without headers', (width) => {
    restore = setScreenWidth(width);
    renderWithProviders(<DataTable label="Ballons" columns={columns} rows={rows} />);
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Ballons' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Nom')).toBeInTheDocument();
    expect(first.getByText('Ciel bleu')).toBeInTheDocument();
    expect(first.getByText('Lieu')).toBeInTheDocument();
    expect(first.getByText('Volume (m3)')).toBeInTheDocument();
    // Cards stack label above value, so every cell reads left-aligned whatever the column's table alignment.
    expect(first.getByText('3000 m3').parentElement).toHaveStyle({ textAlign: 'left' });
  });

  it('shows a dash under the label of an empty value in a card, and leaves the table cell empty', () => {
    restore = setScreenWidth(800);
    const { unmount } = renderWithProviders(<DataTable label="Ballons" columns={columns} rows={rows} />);
    const second = within(screen.getAllByRole('listitem')[1] as HTMLElement);
    expect(second.getByText('Lieu').nextElementSibling?.textContent).toBe('—');
    const first = within(screen.getAllByRole('listitem')[0] as HTMLElement);
    expect(first.getByText('Lieu').nextElementSibling?.textContent).toBe('Chambley');
    unmount();
    restore();
    restore = setScreenWidth(1280);
    renderWithProviders(<DataTable label="Ballons" columns={columns} rows={rows} />);
    const [, , secondRow] = screen.getAllByRole('row');
    expect(within(secondRow as HTMLElement).getAllByRole('cell')[1]?.textContent).toBe('');
  });

  it("says 'Aucune donnée n'a été trouvée...' when empty", () => {
    restore = setScreenWidth(800);
    renderWithProviders(<DataTable columns={columns} rows={[]} />);
    expect(screen.getByText("Aucune donnée n'a été trouvée...")).toBeInTheDocument();
  });
});
