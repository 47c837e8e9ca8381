import { Badge } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { HoverTooltip } from './HoverTooltip';

describe('HoverTooltip', () => {
  it('draws only its element until the pointer comes, then shows the tooltip and keeps the element’s own handler', async () => {
    const ownHandler = vi.fn();
    renderWithProviders(
      <HoverTooltip label="Il reste peu de places">
        <Badge onPointerEnter={ownHandler}>2 places</Badge>
      </HoverTooltip>,
    );
    expect(screen.getByText('2 places')).toBeInTheDocument();
    expect(screen.queryByText('Il reste peu de places')).not.toBeInTheDocument();

    await userEvent.hover(screen.getByText('2 places'));

    // Opened, tied to its element (jsdom cannot measure, so the tooltip stays styled as detached: matched by text).
    const tooltip = await screen.findByText('Il reste peu de places');
    expect(tooltip).toHaveAttribute('role', 'tooltip');
    expect(screen.getByText('2 places').closest('[aria-describedby]')).toHaveAttribute('aria-describedby', tooltip.id);
    expect(ownHandler).toHaveBeenCalledTimes(1);
  });
});
