import { IconCalendar, IconX } from '@tabler/icons-react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { StatusTag } from './StatusTag';

const rootOf = (text: string) => screen.getByText(text).closest('.mantine-Badge-root') as HTMLElement;

describe('StatusTag', () => {
  it.each([
    ['danger', 'red'],
    ['disabled', 'gray'],
    ['primary', 'primary'],
    ['success', 'green'],
    ['warning', 'orange'],
  ] as const)('paints %s with the theme colour %s', (color, mantineColor) => {
    renderWithProviders(<StatusTag color={color}>Annulée</StatusTag>);
    expect(rootOf('Annulée').getAttribute('style')).toContain(`--mantine-color-${mantineColor}-`);
  });

  it('has a small and a medium size', () => {
    renderWithProviders(
      <>
        <StatusTag size="small">Petit</StatusTag>
        <StatusTag>Moyen</StatusTag>
      </>,
    );
    expect(rootOf('Petit').getAttribute('style')).toContain('--badge-height: var(--badge-height-sm)');
    expect(rootOf('Moyen').getAttribute('style')).toContain('--badge-height: var(--badge-height-md)');
  });

  it('draws its icon at 14 px by default, or the given size', () => {
    renderWithProviders(
      <>
        <StatusTag icon={IconCalendar}>Planifié</StatusTag>
        <StatusTag icon={IconCalendar} iconSize={18}>
          Grand
        </StatusTag>
      </>,
    );
    expect(rootOf('Planifié').querySelector('svg')).toHaveAttribute('width', '14');
    expect(rootOf('Grand').querySelector('svg')).toHaveAttribute('width', '18');
  });

  it('is a button when clickable', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    renderWithProviders(
      <StatusTag color="warning" onClick={onClick}>
        12 passagers
      </StatusTag>,
    );
    await user.click(screen.getByRole('button', { name: '12 passagers' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('offers an action with a 12 px icon that does not trigger the tag', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onTag = vi.fn();
    renderWithProviders(
      <StatusTag onClick={onTag} action={{ icon: IconX, label: 'Retirer', onClick: onAction }}>
        Dupont
      </StatusTag>,
    );
    const button = screen.getByRole('button', { name: 'Retirer' });
    expect(button.querySelector('svg')).toHaveAttribute('width', '12');
    await user.click(button);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onTag).not.toHaveBeenCalled();
  });
});
