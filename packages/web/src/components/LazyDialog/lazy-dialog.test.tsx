import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyDialog } from './lazy-dialog';

describe('lazyDialog', () => {
  it('builds nothing before the first opening, fetches the code once, and keeps the dialog once closed', async () => {
    let loads = 0;
    const Dialog = lazyDialog(async () => {
      loads += 1;
      return ({ opened }: { opened: boolean }) => <p>{opened ? 'Dialogue ouvert' : 'Dialogue fermé'}</p>;
    });
    const { rerender } = render(<Dialog opened={false} />);
    expect(screen.queryByText(/Dialogue/)).not.toBeInTheDocument();
    rerender(<Dialog opened />);
    expect(await screen.findByText('Dialogue ouvert')).toBeInTheDocument();
    rerender(<Dialog opened={false} />);
    // Closed, it stays built so that it can play its closing animation.
    expect(screen.getByText('Dialogue fermé')).toBeInTheDocument();
    rerender(<Dialog opened />);
    expect(await screen.findByText('Dialogue ouvert')).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
